using System.Globalization;

namespace S3TransferManager.Cli.Output;

/// <summary>
/// The lines of <c>ls</c>, column for column as <c>aws s3 ls</c> prints them (checked against AWS CLI 1.45): a local
/// "yyyy-MM-dd HH:mm:ss", the size right-aligned in 10 characters, the name; "PRE" right-aligned in 30 before a
/// common prefix; base-1024 sizes with one decimal for --human-readable; and the two summary lines.
/// </summary>
internal static class ListingFormat
{
    private static readonly string[] Units = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];

    public static string Object(DateTime lastModified, long size, string name, bool humanReadable) =>
        string.Create(CultureInfo.InvariantCulture, $"{Timestamp(lastModified)} {(humanReadable ? HumanSize(size) : Plain(size)),10} {name}");

    public static string Prefix(string name) => $"{"PRE",30} {name}";

    public static string Bucket(DateTime created, string name) => $"{Timestamp(created)} {name}";

    /// <summary>The summary --summarize prints after the listing: a blank line, then objects and bytes, colons aligned.</summary>
    public static string[] Summary(long objects, long bytes, bool humanReadable) =>
    [
        string.Empty,
        string.Create(CultureInfo.InvariantCulture, $"Total Objects: {objects}"),
        $"   Total Size: {(humanReadable ? HumanSize(bytes) : Plain(bytes))}",
    ];

    /// <summary>1 Byte, 12 Bytes, 2.0 KiB, 3.3 MiB: the unit is the smallest whose value rounds below 1024.</summary>
    public static string HumanSize(long bytes)
    {
        const double Base = 1024;
        if (bytes == 1)
        {
            return "1 Byte";
        }

        if (bytes < Base)
        {
            return string.Create(CultureInfo.InvariantCulture, $"{bytes} Bytes");
        }

        double unit = Base;
        foreach (string suffix in Units)
        {
            unit *= Base;
            if (Math.Round(bytes / unit * Base) < Base || suffix == Units[^1])
            {
                return string.Create(CultureInfo.InvariantCulture, $"{Base * bytes / unit:F1} {suffix}");
            }
        }

        throw new System.Diagnostics.UnreachableException();
    }

    /// <summary>A key or common prefix as shown without --recursive: what follows the last '/' of the listed prefix.</summary>
    public static string Relative(string key, string prefix)
    {
        int cut = prefix.LastIndexOf('/') + 1;
        return key.Length >= cut ? key[cut..] : key;
    }

    private static string Plain(long value) => value.ToString(CultureInfo.InvariantCulture);

    /// <summary>In the local time zone, as the AWS CLI shows it.</summary>
    private static string Timestamp(DateTime time) =>
        (time.Kind == DateTimeKind.Utc ? time.ToLocalTime() : time).ToString("yyyy-MM-dd HH:mm:ss", CultureInfo.InvariantCulture);
}
