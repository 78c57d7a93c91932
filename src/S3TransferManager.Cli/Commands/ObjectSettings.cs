using System.Text.Json;
using Amazon.S3;

namespace S3TransferManager.Cli.Commands;

/// <summary>What cp and mv set on the objects they write, with the AWS CLI's names and values: --storage-class,
/// --content-type, --metadata, --sse, --sse-kms-key-id, --acl. Unset, each is S3's default (or, for a copy within S3,
/// the source's).</summary>
internal sealed record ObjectSettings(
    string? StorageClass, string? ContentType, IReadOnlyDictionary<string, string> Metadata, string? Sse, string? SseKmsKeyId, string? Acl)
{
    public static ObjectSettings None { get; } = new(null, null, new Dictionary<string, string>(), null, null, null);

    public bool ReplacesMetadata => ContentType is not null || Metadata.Count > 0;

    public void Apply(BaseUploadRequest request)
    {
        if (StorageClass is not null)
        {
            request.StorageClass = S3StorageClass.FindValue(StorageClass);
        }

        if (Sse is not null)
        {
            request.ServerSideEncryptionMethod = ServerSideEncryptionMethod.FindValue(Sse);
        }

        request.ServerSideEncryptionKeyManagementServiceKeyId = SseKmsKeyId ?? request.ServerSideEncryptionKeyManagementServiceKeyId;
        if (Acl is not null)
        {
            request.CannedACL = S3CannedACL.FindValue(Acl);
        }
    }

    public void Apply(TransferUtilityUploadRequest request)
    {
        Apply((BaseUploadRequest)request);
        request.ContentType = ContentType ?? request.ContentType;
        foreach ((string key, string value) in Metadata)
        {
            request.Metadata[key] = value;
        }
    }

    public void Apply(TransferUtilityUploadDirectoryRequest request)
    {
        Apply((BaseUploadRequest)request);
        request.ContentType = ContentType ?? request.ContentType;
        foreach ((string key, string value) in Metadata)
        {
            request.Metadata[key] = value;
        }
    }

    /// <summary>A copy within S3 keeps the source's metadata and content type unless either is given, as with the
    /// AWS CLI (then both are replaced: S3 takes them together).</summary>
    public void Apply(TransferUtilityCopyRequest request)
    {
        if (StorageClass is not null)
        {
            request.StorageClass = S3StorageClass.FindValue(StorageClass);
        }

        if (Sse is not null)
        {
            request.ServerSideEncryptionMethod = ServerSideEncryptionMethod.FindValue(Sse);
        }

        request.ServerSideEncryptionKeyManagementServiceKeyId = SseKmsKeyId ?? request.ServerSideEncryptionKeyManagementServiceKeyId;
        if (Acl is not null)
        {
            request.CannedACL = S3CannedACL.FindValue(Acl);
        }

        if (ReplacesMetadata)
        {
            request.MetadataDirective = S3MetadataDirective.REPLACE;
            request.ContentType = ContentType;
            foreach ((string key, string value) in Metadata)
            {
                request.Metadata[key] = value;
            }
        }
    }

    /// <summary>--metadata in either of the AWS CLI's forms: <c>key1=value1,key2=value2</c> or a JSON object.</summary>
    public static IReadOnlyDictionary<string, string> ParseMetadata(string? text)
    {
        var metadata = new Dictionary<string, string>(StringComparer.Ordinal);
        if (string.IsNullOrWhiteSpace(text))
        {
            return metadata;
        }

        if (text.TrimStart().StartsWith('{'))
        {
            try
            {
                using JsonDocument json = JsonDocument.Parse(text);
                foreach (JsonProperty property in json.RootElement.EnumerateObject())
                {
                    metadata[property.Name] = property.Value.ValueKind == JsonValueKind.String
                        ? property.Value.GetString()!
                        : throw new UsageException($"--metadata: the value of '{property.Name}' must be a string.");
                }
            }
            catch (JsonException e)
            {
                throw new UsageException($"--metadata is not a JSON object: {e.Message}", e);
            }

            return metadata;
        }

        foreach (string pair in text.Split(',', StringSplitOptions.RemoveEmptyEntries))
        {
            int equals = pair.IndexOf('=', StringComparison.Ordinal);
            if (equals <= 0)
            {
                throw new UsageException($"--metadata takes key=value pairs separated by commas (or a JSON object), not '{pair}'.");
            }

            metadata[pair[..equals].Trim()] = pair[(equals + 1)..];
        }

        return metadata;
    }
}
