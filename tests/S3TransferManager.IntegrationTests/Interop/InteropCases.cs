using Amazon.S3;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>One object written to moto by another client (or by this library), and what downloading it must report:
/// fetched in ranged parts, as written (<see cref="Download"/>) and with one byte flipped on the way
/// (<see cref="Flipped"/>), and, when it differs, fetched whole by one GET (<see cref="WholeObject"/>,
/// <see cref="FlippedWhole"/>: moto's GET, unlike its HEAD, says <c>-N</c> and the type).</summary>
public sealed record InteropCase(string Key, Writer Writer, int Length, Expectation Download, Expectation Flipped, Expectation? WholeObject = null,
    Expectation? FlippedWhole = null)
{
    /// <summary>What a download that fetches the whole object in one GET must report (moto answers a GET of part 1 by
    /// number, a download's default opening, with the whole object).</summary>
    public Expectation InOneRequest => WholeObject ?? Download;

    /// <summary>What such a download must report with one byte flipped on the way.</summary>
    public Expectation FlippedInOneRequest => FlippedWhole ?? Flipped;
}

/// <summary>
/// The objects of the interop tests and the guarantee each gets from moto 5.2.1: the table docs/integrity.md shows. The
/// CRC32C rows depend on moto's crc32c extra (<see cref="MotoExtras.HasCrc32C"/>). Multipart objects have 2 or 3 parts,
/// just over the writer's threshold, to keep the run short.
/// </summary>
public static class InteropCases
{
    private const int MiB = 1024 * 1024;

    /// <summary>A flip in an object whose stored value's meaning is inferred matches no reading: not validated.</summary>
    private static readonly Expectation s_noReading = new Expectation.NotValidated("the stored checksum's type is not stated and no reading of it matched");

    private static readonly Expectation s_mismatch = new Expectation.Mismatch();

    /// <summary>A flip in an object fetched whole by one GET, whose answer states a composite (with its -N and type) over
    /// parts moto does not list: no layout of them matches the corrupt bytes, so it is not validated.</summary>
    private static readonly Expectation s_noLayout = new Expectation.NotValidated("that S3 did not list, and no layout of them matched");

    public static IReadOnlyList<InteropCase> All { get; } =
    [
        // boto3 1.43 upload_file: CRC32 by default, composite; moto's HEAD sends it bare, with no type.
        new("boto3-default", new Writer.Boto3("upload_file"), (9 * MiB) + 5,
            Composite(ChecksumAlgorithm.CRC32, 8), s_noReading, FlippedWhole: s_noLayout),
        new("boto3-5mib-parts", new Writer.Boto3("upload_file", PartSizeMiB: 5), (11 * MiB) + 7,
            Composite(ChecksumAlgorithm.CRC32, 5), s_noReading, FlippedWhole: s_noLayout),
        // Fetched whole by our first ranged GET, which moto then answers with -N and the type: a certain composite, but
        // over parts it does not list, so a flip matches no layout rather than proving corruption.
        new("boto3-5mib-parts-in-one-of-ours", new Writer.Boto3("upload_file", PartSizeMiB: 5), (6 * MiB) + 5,
            Composite(ChecksumAlgorithm.CRC32, 5), new Expectation.NotValidated("that S3 did not list, and no layout of them matched")),
        new("boto3-16mib-parts", new Writer.Boto3("upload_file", PartSizeMiB: 16), (17 * MiB) + 3,
            Composite(ChecksumAlgorithm.CRC32, 16), s_noReading, FlippedWhole: s_noLayout),
        new("boto3-sha1", new Writer.Boto3("upload_file", Algorithm: "SHA1"), (9 * MiB) + 5,
            Composite(ChecksumAlgorithm.SHA1, 8), s_noReading, FlippedWhole: s_noLayout),
        new("boto3-sha256", new Writer.Boto3("upload_file", Algorithm: "SHA256"), (9 * MiB) + 5,
            Composite(ChecksumAlgorithm.SHA256, 8), s_noReading, FlippedWhole: s_noLayout),

        // A SHA composite over parts that are not this download's (5 MiB against 8 MiB) cannot be read at all.
        new("boto3-sha256-5mib-parts", new Writer.Boto3("upload_file", PartSizeMiB: 5, Algorithm: "SHA256"), (11 * MiB) + 7,
            new Expectation.NotValidated("set PartSize to the uploader's part size"), new Expectation.NotValidated("set PartSize to the uploader's part size")),

        // The low-level client's FULL_OBJECT upload: moto keeps the type from CreateMultipartUpload and states it.
        new("boto3-full-object-crc32", new Writer.Boto3("full_object_crc32"), (9 * MiB) + 5,
            new Expectation.Certain(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT), s_mismatch),

        new("aws-cli-default", new Writer.AwsCli(), (9 * MiB) + 5,
            Composite(ChecksumAlgorithm.CRC32, 8), s_noReading, FlippedWhole: s_noLayout),

        // AWSSDK.S3 4.1.0's TransferUtility: CRC32 by default, FULL_OBJECT for multipart (type stated); a
        // ChecksumAlgorithm makes a composite, which moto computes as CRC32 for CRC32C without its crc32c extra (and
        // then a download in one request reads the -3 composite as CRC32C, over unlisted parts).
        new("aws-sdk-default-one-part", new Writer.AwsSdk(), MiB,
            new Expectation.Certain(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT), s_mismatch),
        new("aws-sdk-default-multipart", new Writer.AwsSdk(), (17 * MiB) + 1,
            new Expectation.Certain(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT), s_mismatch),
        new("aws-sdk-crc32c-one-part", new Writer.AwsSdk("CRC32C"), MiB,
            new Expectation.Certain(ChecksumAlgorithm.CRC32C, ChecksumType.FULL_OBJECT), s_mismatch),
        MotoExtras.HasCrc32C
            ? new("aws-sdk-crc32c-multipart", new Writer.AwsSdk("CRC32C"), (17 * MiB) + 1,
                Composite(ChecksumAlgorithm.CRC32C, 8), s_noReading, FlippedWhole: s_noLayout)
            : new("aws-sdk-crc32c-multipart", new Writer.AwsSdk("CRC32C"), (17 * MiB) + 1,
                new Expectation.NotValidated("is the composite CRC32 over parts of 8 MiB of the bytes received: the server stored a CRC32 under the CRC32C name"),
                s_noReading,
                new Expectation.NotValidated("the object has a composite CRC32C checksum over 3 parts that S3 did not list, and no layout of them matched"),
                s_noLayout),
        new("aws-sdk-sha256-multipart", new Writer.AwsSdk("SHA256"), (17 * MiB) + 1,
            Composite(ChecksumAlgorithm.SHA256, 8), s_noReading, FlippedWhole: s_noLayout),

        // This library: FULL_OBJECT CRCs for multipart uploads, stated when the upload starts.
        new("library-default", new Writer.Library(), (17 * MiB) + 9,
            new Expectation.Certain(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT), s_mismatch),
        new("library-crc32c-multipart", new Writer.Library("CRC32C"), (17 * MiB) + 9,
            MotoExtras.HasCrc32C
                ? new Expectation.Certain(ChecksumAlgorithm.CRC32C, ChecksumType.FULL_OBJECT)
                : new Expectation.NotValidated("is the full-object CRC32 of the bytes received: the server stored a CRC32 under the CRC32C name"),
            s_mismatch),
        new("library-crc32c-one-part", new Writer.Library("CRC32C"), MiB,
            new Expectation.Certain(ChecksumAlgorithm.CRC32C, ChecksumType.FULL_OBJECT), s_mismatch),
    ];

    public static TheoryData<string> Keys()
    {
        var keys = new TheoryData<string>();
        foreach (InteropCase item in All)
        {
            keys.Add(item.Key);
        }

        return keys;
    }

    public static InteropCase Find(string key) => All.Single(item => item.Key == key);

    private static Expectation.Inferred Composite(ChecksumAlgorithm algorithm, int partSizeMiB) =>
        new(algorithm, ChecksumType.COMPOSITE, (long)partSizeMiB * MiB);
}
