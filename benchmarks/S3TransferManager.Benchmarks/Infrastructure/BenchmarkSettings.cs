using System.Globalization;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>
/// Sizes read from environment variables, so that BenchmarkDotNet's child processes (which inherit the host's
/// environment) run the same sizes the host chose for its mode.
/// </summary>
public static class BenchmarkSettings
{
    /// <summary>The object size in MiB for the large-object scenarios.</summary>
    public const string SizeVariable = "S3TM_BENCH_SIZE_MIB";

    /// <summary>The number of 1 KiB objects in the small-objects scenario.</summary>
    public const string SmallCountVariable = "S3TM_BENCH_SMALL_COUNT";

    /// <summary>The number of 1 KiB files of the directory scenario's <c>Small</c> tree.</summary>
    public const string SmallTreeCountVariable = "S3TM_BENCH_SMALL_TREE_COUNT";

    /// <summary>The network profiles the download scenarios run (comma-separated <see cref="NetworkProfile"/> names;
    /// default Raw,S3Like), so a run can pick one without editing attributes.</summary>
    public const string ProfilesVariable = "S3TM_BENCH_PROFILES";

    /// <summary>The request rate above which the S3Throttled profile answers 503 SlowDown (default 200 a second).</summary>
    public const string SlowDownRateVariable = "S3TM_BENCH_SLOWDOWN_RPS";

    /// <summary>The schemes the upload scenarios run over (comma-separated, <c>http</c> and/or <c>https</c>; default http).
    /// Over https the endpoint serves a self-signed certificate made at start, which the clients trust by its bytes.</summary>
    public const string SchemesVariable = "S3TM_BENCH_SCHEMES";

    /// <summary>The S3 client's <c>BufferSize</c> in KiB, shared by both libraries (unset: the SDK's default, 8 KiB). The
    /// SDK copies every request body to the socket through a buffer of this size.</summary>
    public const string SdkBufferVariable = "S3TM_BENCH_SDK_BUFFER_KIB";

    /// <summary>The path of the endpoint's dll with its runtimeconfig.json, found by the host.</summary>
    public const string ServerAssemblyVariable = "S3TM_BENCH_SERVER_DLL";

    /// <summary>Part size of both libraries and of the seeded objects.</summary>
    public const int PartSize = 8 * 1024 * 1024;

    /// <summary>Parallel requests for every client that has the knob.</summary>
    public const int Concurrency = 10;

    /// <summary>The size of every read-and-discard buffer.</summary>
    public const int ReadBufferSize = 64 * 1024;

    /// <summary>The size of one small object.</summary>
    public const int SmallObjectSize = 1024;

    /// <summary>The large object's size in bytes (default 1024 MiB).</summary>
    public static long ObjectSize => ReadInt(SizeVariable, 1024) * 1024L * 1024L;

    /// <summary>The number of small objects (default 1000).</summary>
    public static int SmallObjectCount => ReadInt(SmallCountVariable, 1000);

    /// <summary>The files of the directory scenario's <c>Small</c> tree (default 1000).</summary>
    public static int SmallTreeCount => ReadInt(SmallTreeCountVariable, 1000);

    /// <summary>Requests per second above which the S3Throttled profile answers 503 SlowDown.</summary>
    public static int SlowDownRate => ReadInt(SlowDownRateVariable, 200);

    /// <summary>The profiles chosen by <see cref="ProfilesVariable"/> (default Raw and S3Like).</summary>
    public static IEnumerable<NetworkProfile> Profiles()
    {
        string? text = Environment.GetEnvironmentVariable(ProfilesVariable);
        if (string.IsNullOrWhiteSpace(text))
        {
            return [NetworkProfile.Raw, NetworkProfile.S3Like];
        }

        return text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
            .Select(name => Enum.Parse<NetworkProfile>(name, ignoreCase: true))
            .ToArray();
    }

    /// <summary>The S3 client's BufferSize chosen by <see cref="SdkBufferVariable"/>, or null for the SDK's default.</summary>
    public static int? SdkBufferSize => string.IsNullOrEmpty(Environment.GetEnvironmentVariable(SdkBufferVariable))
        ? null
        : ReadInt(SdkBufferVariable, 8) * 1024;

    /// <summary>The schemes chosen by <see cref="SchemesVariable"/> (default http only).</summary>
    public static IEnumerable<string> Schemes()
    {
        string? text = Environment.GetEnvironmentVariable(SchemesVariable);
        string[] schemes = string.IsNullOrWhiteSpace(text)
            ? ["http"]
            : text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(s => s.ToLowerInvariant()).ToArray();
        return schemes.All(s => s is "http" or "https") ? schemes : throw new ArgumentException($"{SchemesVariable} takes http and/or https.");
    }

    /// <summary>Sets a variable for this process and its children unless the user already set it.</summary>
    public static void SetDefault(string name, int value)
    {
        if (string.IsNullOrEmpty(Environment.GetEnvironmentVariable(name)))
        {
            Environment.SetEnvironmentVariable(name, value.ToString(CultureInfo.InvariantCulture));
        }
    }

    private static int ReadInt(string name, int defaultValue)
    {
        string? text = Environment.GetEnvironmentVariable(name);
        return string.IsNullOrEmpty(text) ? defaultValue : int.Parse(text, CultureInfo.InvariantCulture);
    }
}
