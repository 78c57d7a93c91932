using System.Globalization;

namespace S3TransferManager.Cli;

/// <summary>Parses and prints sizes (<c>8MiB</c>, <c>1GB</c>, <c>1024</c>) and ages (<c>7d</c>, <c>12h</c>).</summary>
internal static class Units
{
    private static readonly (string Suffix, long Factor)[] SizeSuffixes =
    [
        ("KiB", 1L << 10), ("MiB", 1L << 20), ("GiB", 1L << 30), ("TiB", 1L << 40),
        ("KB", 1_000), ("MB", 1_000_000), ("GB", 1_000_000_000), ("TB", 1_000_000_000_000),
        ("K", 1L << 10), ("M", 1L << 20), ("G", 1L << 30), ("B", 1),
    ];

    public static bool TryParseSize(string text, out long bytes)
    {
        bytes = 0;
        string trimmed = text.Trim();
        long factor = 1;
        foreach ((string suffix, long f) in SizeSuffixes)
        {
            if (trimmed.EndsWith(suffix, StringComparison.OrdinalIgnoreCase))
            {
                factor = f;
                trimmed = trimmed[..^suffix.Length];
                break;
            }
        }

        if (!double.TryParse(trimmed, NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || value < 0)
        {
            return false;
        }

        double result = value * factor;
        if (result > long.MaxValue)
        {
            return false;
        }

        bytes = (long)result;
        return true;
    }

    /// <summary>
    /// A rate as rclone's --bwlimit reads it: a number of KiB/s, or a number with a suffix B, K, M, G or T (bytes, KiB,
    /// MiB, GiB, TiB a second), optionally followed by "/s"; the forms of <see cref="TryParseSize"/> (KB, MiB, ...) too.
    /// "off" or 0 is no limit (<paramref name="bytesPerSecond"/> 0).
    /// </summary>
    public static bool TryParseRate(string text, out long bytesPerSecond)
    {
        bytesPerSecond = 0;
        string trimmed = text.Trim();
        if (trimmed.Equals("off", StringComparison.OrdinalIgnoreCase))
        {
            return true;
        }

        if (trimmed.EndsWith("/s", StringComparison.OrdinalIgnoreCase))
        {
            trimmed = trimmed[..^2];
        }

        // A bare number is KiB/s, as in rclone; with a unit, the unit says.
        bool bare = trimmed.Length > 0 && char.IsAsciiDigit(trimmed[^1]);
        if (!TryParseSize(bare ? trimmed + "K" : trimmed, out long bytes))
        {
            return false;
        }

        bytesPerSecond = bytes;
        return true;
    }

    public static bool TryParseAge(string text, out TimeSpan age)
    {
        age = TimeSpan.Zero;
        string trimmed = text.Trim();
        if (trimmed.Length < 2 || !double.TryParse(trimmed[..^1], NumberStyles.Float, CultureInfo.InvariantCulture, out double value) || value < 0)
        {
            return false;
        }

        TimeSpan? parsed = char.ToLowerInvariant(trimmed[^1]) switch
        {
            'd' => TimeSpan.FromDays(value),
            'h' => TimeSpan.FromHours(value),
            'm' => TimeSpan.FromMinutes(value),
            's' => TimeSpan.FromSeconds(value),
            _ => null,
        };
        age = parsed ?? TimeSpan.Zero;
        return parsed is not null;
    }

    /// <summary>The largest of days, hours, minutes and seconds that gives a whole number: 7d, 36h, 90m, 45s.</summary>
    public static string FormatAge(TimeSpan age)
    {
        foreach ((char unit, TimeSpan size) in (ReadOnlySpan<(char, TimeSpan)>)[('d', TimeSpan.FromDays(1)), ('h', TimeSpan.FromHours(1)), ('m', TimeSpan.FromMinutes(1))])
        {
            if (age >= size && age.Ticks % size.Ticks == 0)
            {
                return string.Create(CultureInfo.InvariantCulture, $"{age.Ticks / size.Ticks}{unit}");
            }
        }

        return string.Create(CultureInfo.InvariantCulture, $"{age.TotalSeconds:0.###}s");
    }

    public static string FormatBytes(double bytes)
    {
        string[] units = ["B", "KiB", "MiB", "GiB", "TiB"];
        int unit = 0;
        while (bytes >= 1024 && unit < units.Length - 1)
        {
            bytes /= 1024;
            unit++;
        }

        return unit == 0
            ? string.Create(CultureInfo.InvariantCulture, $"{bytes:0} B")
            : string.Create(CultureInfo.InvariantCulture, $"{bytes:0.0} {units[unit]}");
    }

    public static string FormatRate(long bytes, TimeSpan elapsed) =>
        FormatBytes(elapsed > TimeSpan.Zero ? bytes / elapsed.TotalSeconds : 0) + "/s";
}
