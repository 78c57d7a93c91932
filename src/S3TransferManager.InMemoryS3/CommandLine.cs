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
    // The options that take no value, each turning one setting away from its default. Parse sets them and Format writes
    // those that are on, from this one list, so the two cannot drift apart.
    private static readonly (string Name, Func<InMemoryS3Options, bool> IsOn, Action<InMemoryS3Options> TurnOn)[] s_switches =
    [
        ("--fast-etags", static o => !o.ComputeMd5ETags, static o => o.ComputeMd5ETags = false),
        ("--https", static o => o.UseHttps, static o => o.UseHttps = true),
        ("--no-delete-objects", static o => !o.SupportsDeleteObjects, static o => o.SupportsDeleteObjects = false),
        ("--no-checksum-headers", static o => !o.SupportsChecksumHeaders, static o => o.SupportsChecksumHeaders = false),
        ("--no-part-number-get", static o => !o.SupportsPartNumberGet, static o => o.SupportsPartNumberGet = false),
        ("--multipart-etags-without-count", static o => !o.MultipartETagsHavePartCount, static o => o.MultipartETagsHavePartCount = false),
        ("--empty-complete-etag", static o => o.EmptyETagFromCompleteMultipartUpload, static o => o.EmptyETagFromCompleteMultipartUpload = true),
        ("--empty-range-one-byte", static o => o.EmptyObjectRangeAnsweredAsOneByte, static o => o.EmptyObjectRangeAnsweredAsOneByte = true),
    ];

    // The names of the enumerations' values on the command line, read by Parse and written by Format.
    private static readonly (string Name, InMemoryS3Profile Value)[] s_profiles =
        [("raw", InMemoryS3Profile.Raw), ("s3like", InMemoryS3Profile.S3Like)];

    private static readonly (string Name, InMemoryS3ChecksumStyle Value)[] s_checksumStyles =
        [("s3", InMemoryS3ChecksumStyle.S3), ("moto", InMemoryS3ChecksumStyle.Moto), ("moto-no-crc32c", InMemoryS3ChecksumStyle.MotoWithoutCrc32C)];

    private static readonly (string Name, InMemoryS3AwsChunkedBodies Value)[] s_awsChunkedBodies =
    [
        ("decode", InMemoryS3AwsChunkedBodies.Decode),
        ("not-implemented", InMemoryS3AwsChunkedBodies.NotImplemented),
        ("store-as-sent", InMemoryS3AwsChunkedBodies.StoreAsSent),
    ];

    public InMemoryS3Options Options { get; } = new();

    /// <summary>Whether to keep serving after stdin closes (for runs with stdin at /dev/null).</summary>
    public bool IgnoreStdin { get; private set; }

    public static CommandLine Parse(string[] args)
    {
        var commandLine = new CommandLine();
        InMemoryS3Options options = commandLine.Options;
        for (int i = 0; i < args.Length; i++)
        {
            string argument = args[i];
            int switchIndex = Array.FindIndex(s_switches, s => s.Name == argument);
            if (switchIndex >= 0)
            {
                s_switches[switchIndex].TurnOn(options);
                continue;
            }

            switch (argument)
            {
                case "--port":
                    options.Port = int.Parse(Value(args, ++i), CultureInfo.InvariantCulture);
                    break;
                case "--profile":
                    options.Profile = Choose(Value(args, ++i), "profile", s_profiles);
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
                case "--checksums":
                    options.ChecksumStyle = Choose(Value(args, ++i), "checksum style", s_checksumStyles);
                    break;
                case "--aws-chunked":
                    options.AwsChunkedBodies = Choose(Value(args, ++i), "aws-chunked handling", s_awsChunkedBodies);
                    break;
                case "--ignore-stdin":
                    commandLine.IgnoreStdin = true;
                    break;
                default:
                    throw new ArgumentException($"Unknown argument '{argument}'.");
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
            "--profile", NameOf(options.Profile, s_profiles),
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
            "--checksums", NameOf(options.ChecksumStyle, s_checksumStyles),
            "--aws-chunked", NameOf(options.AwsChunkedBodies, s_awsChunkedBodies),
        };
        foreach ((string name, Func<InMemoryS3Options, bool> isOn, _) in s_switches)
        {
            if (isOn(options))
            {
                args.Add(name);
            }
        }

        return args;
    }

    /// <summary>The value named <paramref name="text"/> (in any case).</summary>
    private static T Choose<T>(string text, string what, (string Name, T Value)[] choices)
    {
        foreach ((string name, T value) in choices)
        {
            if (string.Equals(name, text, StringComparison.OrdinalIgnoreCase))
            {
                return value;
            }
        }

        string names = string.Join(", ", choices[..^1].Select(c => c.Name)) + " or " + choices[^1].Name;
        throw new ArgumentException($"Unknown {what} '{text.ToUpperInvariant()}': use {names}.");
    }

    private static string NameOf<T>(T value, (string Name, T Value)[] choices) where T : struct, Enum =>
        Array.Find(choices, c => EqualityComparer<T>.Default.Equals(c.Value, value)).Name
        ?? throw new ArgumentOutOfRangeException(nameof(value), value, "A value the command line has no name for.");

    private static string Value(string[] args, int index) =>
        index < args.Length ? args[index] : throw new ArgumentException($"'{args[index - 1]}' needs a value.");
}
