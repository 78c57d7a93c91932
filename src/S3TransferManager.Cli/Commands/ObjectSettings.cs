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
        (request.StorageClass, request.ServerSideEncryptionMethod, request.CannedACL) =
            Choices(request.StorageClass, request.ServerSideEncryptionMethod, request.CannedACL);
        request.ServerSideEncryptionKeyManagementServiceKeyId = SseKmsKeyId ?? request.ServerSideEncryptionKeyManagementServiceKeyId;
    }

    public void Apply(TransferUtilityUploadRequest request)
    {
        Apply((BaseUploadRequest)request);
        request.ContentType = ContentType ?? request.ContentType;
        AddMetadata(request.Metadata);
    }

    public void Apply(TransferUtilityUploadDirectoryRequest request)
    {
        Apply((BaseUploadRequest)request);
        request.ContentType = ContentType ?? request.ContentType;
        AddMetadata(request.Metadata);
    }

    /// <summary>A copy within S3 keeps the source's metadata and content type unless either is given, as with the
    /// AWS CLI (then both are replaced: S3 takes them together).</summary>
    public void Apply(TransferUtilityCopyRequest request)
    {
        (request.StorageClass, request.ServerSideEncryptionMethod, request.CannedACL) =
            Choices(request.StorageClass, request.ServerSideEncryptionMethod, request.CannedACL);
        request.ServerSideEncryptionKeyManagementServiceKeyId = SseKmsKeyId ?? request.ServerSideEncryptionKeyManagementServiceKeyId;
        if (ReplacesMetadata)
        {
            request.MetadataDirective = S3MetadataDirective.REPLACE;
            request.ContentType = ContentType;
            AddMetadata(request.Metadata);
        }
    }

    private void AddMetadata(IDictionary<string, string> metadata)
    {
        foreach ((string key, string value) in Metadata)
        {
            metadata[key] = value;
        }
    }

    /// <summary>The storage class, encryption and ACL given, each in the SDK's type; what was not given keeps the
    /// request's own.</summary>
    private (S3StorageClass?, ServerSideEncryptionMethod?, S3CannedACL?) Choices(S3StorageClass? storage, ServerSideEncryptionMethod? sse, S3CannedACL? acl) => (
        StorageClass is null ? storage : S3StorageClass.FindValue(StorageClass),
        Sse is null ? sse : ServerSideEncryptionMethod.FindValue(Sse),
        Acl is null ? acl : S3CannedACL.FindValue(Acl));

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
