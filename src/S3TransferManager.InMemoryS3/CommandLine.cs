using System.Globalization;

namespace S3TransferManager.InMemoryS3;

/// <summary>
/// The standalone command line: <c>--port N --profile raw|s3like --first-byte-ms N --slow-first-byte-fraction F
/// --slow-first-byte-ms N --bandwidth-mbps N
/// --fast-etags --min-part-size N --prewarm-mb N --slowdown-rps N --slowdown-concurrent N --served-at-once N
/// --served-bytes-per-second N --https
/// --checksums s3|moto|moto-no-crc32c --no-delete-objects --no-checksum-headers --aws-chunked decode|not-implemented|store-as-sent
/// --no-part-number-get --multipart-etags-without-count --empty-complete-etag --empty-range-one-byte --ignore-stdin</c>. Bandwidth is in megabytes (10^6 bytes) per second per
/// connection, matching <see cref="InMemoryS3Options.BandwidthBytesPerSecond"/>'s default of 60 MB/s.
/// </summary>
internal sealed class CommandLine
{
    public InMemoryS3Options Options { get; } = new();

    /// <summary>Whether to keep serving after stdin closes (for runs with stdin at /dev/null).</summary>
    public bool IgnoreStdin { get; private set; }

    public static CommandLine Parse(string[] args)
    {
        var commandLine = new CommandLine();
        InMemoryS3Options options = commandLine.Options;
        for (int i = 0; i < args.Length; i++)
        {
            switch (args[i])
            {
                case "--port":
                    options.Port = int.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--profile":
                    options.Profile = Value(args, ++i).ToUpperInvariant() switch
                    {
                        "RAW" => InMemoryS3Profile.Raw,
                        "S3LIKE" => InMemoryS3Profile.S3Like,
                        string other => throw new ArgumentException($"Unknown profile '{other}': use raw or s3like."),
                    };
                    break;
                case "--first-byte-ms":
                    options.FirstByteDelay = TimeSpan.FromMilliseconds(double.Parse(Value(args, ++i), CultureInfo.InvariantCulture));
                    break;
                case "--slow-first-byte-fraction":
                    options.SlowFirstByteFraction = double.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--slow-first-byte-ms":
                    options.SlowFirstByteDelay = TimeSpan.FromMilliseconds(double.Parse(Value(args, ++i), CultureInfo.InvariantCulture));
                    break;
                case "--bandwidth-mbps":
                    options.BandwidthBytesPerSecond = (long)(double.Parse(Value(args, ++i), CultureInfo.InvariantCulture) * 1_000_000);
                    break;
                case "--fast-etags":
                    options.ComputeMd5ETags = false;
                    break;
                case "--min-part-size":
                    options.MinimumPartSize = long.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--prewarm-mb":
                    options.PrewarmedStorageBytes = long.Parse(Value(args, ++i), CultureInfo.InvariantCulture) * 1024 * 1024;
                    break;
                case "--slowdown-rps":
                    options.SlowDownAboveRequestsPerSecond = double.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--slowdown-concurrent":
                    options.SlowDownAboveConcurrentRequests = int.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--served-at-once":
                    options.ServedAtOnce = int.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--served-bytes-per-second":
                    options.ServedBytesPerSecond = long.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--https":
                    options.UseHttps = true;
                    break;
                case "--checksums":
                    options.ChecksumStyle = Value(args, ++i).ToUpperInvariant() switch
                    {
                        "S3" => InMemoryS3ChecksumStyle.S3,
                        "MOTO" => InMemoryS3ChecksumStyle.Moto,
                        "MOTO-NO-CRC32C" => InMemoryS3ChecksumStyle.MotoWithoutCrc32C,
                        string other => throw new ArgumentException($"Unknown checksum style '{other}': use s3, moto or moto-no-crc32c."),
                    };
                    break;
                case "--no-delete-objects":
                    options.SupportsDeleteObjects = false;
                    break;
                case "--no-checksum-headers":
                    options.SupportsChecksumHeaders = false;
                    break;
                case "--aws-chunked":
                    options.AwsChunkedBodies = Value(args, ++i).ToUpperInvariant() switch
                    {
                        "DECODE" => InMemoryS3AwsChunkedBodies.Decode,
                        "NOT-IMPLEMENTED" => InMemoryS3AwsChunkedBodies.NotImplemented,
                        "STORE-AS-SENT" => InMemoryS3AwsChunkedBodies.StoreAsSent,
                        string other => throw new ArgumentException($"Unknown aws-chunked handling '{other}': use decode, not-implemented or store-as-sent."),
                    };
                    break;
                case "--no-part-number-get":
                    options.SupportsPartNumberGet = false;
                    break;
                case "--multipart-etags-without-count":
                    options.MultipartETagsHavePartCount = false;
                    break;
                case "--empty-complete-etag":
                    options.EmptyETagFromCompleteMultipartUpload = true;
                    break;
                case "--empty-range-one-byte":
                    options.EmptyObjectRangeAnsweredAsOneByte = true;
                    break;
                case "--ignore-stdin":
                    commandLine.IgnoreStdin = true;
                    break;
                default:
                    throw new ArgumentException($"Unknown argument '{args[i]}'.");
            }
        }

        return commandLine;
    }

    /// <summary>The arguments that reproduce <paramref name="options"/>, for <see cref="InMemoryS3Process"/>.</summary>
    public static List<string> Format(InMemoryS3Options options)
    {
        var args = new List<string>
        {
            "--port", options.Port.ToString(CultureInfo.InvariantCulture),
            "--profile", options.Profile == InMemoryS3Profile.S3Like ? "s3like" : "raw",
            "--first-byte-ms", options.FirstByteDelay.TotalMilliseconds.ToString(CultureInfo.InvariantCulture),
            "--slow-first-byte-fraction", options.SlowFirstByteFraction.ToString(CultureInfo.InvariantCulture),
            "--slow-first-byte-ms", options.SlowFirstByteDelay.TotalMilliseconds.ToString(CultureInfo.InvariantCulture),
            "--bandwidth-mbps", (options.BandwidthBytesPerSecond / 1_000_000d).ToString(CultureInfo.InvariantCulture),
            "--min-part-size", options.MinimumPartSize.ToString(CultureInfo.InvariantCulture),
            "--prewarm-mb", ((options.PrewarmedStorageBytes + (1024 * 1024) - 1) / (1024 * 1024)).ToString(CultureInfo.InvariantCulture),
            "--slowdown-rps", options.SlowDownAboveRequestsPerSecond.ToString(CultureInfo.InvariantCulture),
            "--slowdown-concurrent", options.SlowDownAboveConcurrentRequests.ToString(CultureInfo.InvariantCulture),
            "--served-at-once", options.ServedAtOnce.ToString(CultureInfo.InvariantCulture),
            "--served-bytes-per-second", options.ServedBytesPerSecond.ToString(CultureInfo.InvariantCulture),
            "--checksums", options.ChecksumStyle switch
            {
                InMemoryS3ChecksumStyle.Moto => "moto",
                InMemoryS3ChecksumStyle.MotoWithoutCrc32C => "moto-no-crc32c",
                _ => "s3",
            },
        };
        if (!options.ComputeMd5ETags)
        {
            args.Add("--fast-etags");
        }

        if (options.UseHttps)
        {
            args.Add("--https");
        }

        if (!options.SupportsDeleteObjects)
        {
            args.Add("--no-delete-objects");
        }

        args.AddRange(FormatServerHabits(options));

        return args;
    }

    private static IEnumerable<string> FormatServerHabits(InMemoryS3Options options)
    {
        if (!options.SupportsChecksumHeaders)
        {
            yield return "--no-checksum-headers";
        }

        if (options.AwsChunkedBodies != InMemoryS3AwsChunkedBodies.Decode)
        {
            yield return "--aws-chunked";
            yield return options.AwsChunkedBodies == InMemoryS3AwsChunkedBodies.NotImplemented ? "not-implemented" : "store-as-sent";
        }

        if (!options.SupportsPartNumberGet)
        {
            yield return "--no-part-number-get";
        }

        if (!options.MultipartETagsHavePartCount)
        {
            yield return "--multipart-etags-without-count";
        }

        if (options.EmptyETagFromCompleteMultipartUpload)
        {
            yield return "--empty-complete-etag";
        }

        if (options.EmptyObjectRangeAnsweredAsOneByte)
        {
            yield return "--empty-range-one-byte";
        }
    }

    private static string Value(string[] args, int index) =>
        index < args.Length ? args[index] : throw new ArgumentException($"'{args[index - 1]}' needs a value.");
}
