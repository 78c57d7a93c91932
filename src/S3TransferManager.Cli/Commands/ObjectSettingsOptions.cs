using System.CommandLine;

namespace S3TransferManager.Cli.Commands;

/// <summary>cp's and mv's options for the objects they write, as the AWS CLI names them and accepts their values.</summary>
internal sealed class ObjectSettingsOptions
{
    public Option<string?> StorageClass { get; } = Choice("--storage-class", "Storage class of the objects written (default: S3's, STANDARD)",
        "STANDARD", "REDUCED_REDUNDANCY", "STANDARD_IA", "ONEZONE_IA", "INTELLIGENT_TIERING", "GLACIER", "DEEP_ARCHIVE", "GLACIER_IR", "OUTPOSTS", "EXPRESS_ONEZONE");

    public Option<string?> ContentType { get; } = new("--content-type")
    {
        Description = "Content-Type of the objects written (default: S3's; a copy within S3 keeps the source's)",
        HelpName = "TYPE",
    };

    public Option<string?> Metadata { get; } = new("--metadata")
    {
        Description = "User metadata: key1=value1,key2=value2 or a JSON object (a copy within S3 then replaces the source's)",
        HelpName = "MAP",
    };

    public Option<string?> Sse { get; } = CreateSse();

    public Option<string?> SseKmsKeyId { get; } = new("--sse-kms-key-id")
    {
        Description = "The KMS key for --sse aws:kms (default: the account's aws/s3 key)",
        HelpName = "KEY",
    };

    public Option<string?> Acl { get; } = Choice("--acl", "Canned ACL of the objects written",
        "private", "public-read", "public-read-write", "authenticated-read", "aws-exec-read", "bucket-owner-read", "bucket-owner-full-control", "log-delivery-write");

    public IEnumerable<Option> All => [StorageClass, ContentType, Metadata, Sse, SseKmsKeyId, Acl];

    public ObjectSettings Read(ParseResult result) => new(
        result.GetValue(StorageClass),
        result.GetValue(ContentType),
        ObjectSettings.ParseMetadata(result.GetValue(Metadata)),
        result.GetValue(Sse),
        result.GetValue(SseKmsKeyId),
        result.GetValue(Acl));

    private static Option<string?> Choice(string name, string description, params string[] values)
    {
        var option = new Option<string?>(name) { Description = description };
        option.AcceptOnlyFromAmong(values);
        return option;
    }

    /// <summary>--sse alone means AES256, as in the AWS CLI.</summary>
    private static Option<string?> CreateSse()
    {
        var option = new Option<string?>("--sse")
        {
            Description = "Server-side encryption: AES256 (also --sse alone), aws:kms or aws:kms:dsse",
            Arity = ArgumentArity.ZeroOrOne,
            CustomParser = result => result.Tokens.Count == 0 ? "AES256" : result.Tokens[0].Value,
        };
        option.AcceptOnlyFromAmong("AES256", "aws:kms", "aws:kms:dsse");
        return option;
    }
}
