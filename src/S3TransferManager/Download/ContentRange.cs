using System.Globalization;

namespace S3TransferManager.Download;

/// <summary>A parsed <c>Content-Range: bytes START-END/TOTAL</c> header; END is inclusive.</summary>
internal readonly record struct ContentRange(long Start, long End, long Total)
{
    public long Length => End - Start + 1;

    /// <summary>Parses the satisfied form only; <c>bytes */TOTAL</c> and an unknown total (<c>/*</c>) are rejected,
    /// because a download cannot place bytes without both.</summary>
    public static bool TryParse(string? value, out ContentRange range)
    {
        range = default;
        if (string.IsNullOrEmpty(value))
        {
            return false;
        }

        ReadOnlySpan<char> text = value.AsSpan().Trim();
        const string Unit = "bytes ";
        if (!text.StartsWith(Unit, StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        text = text[Unit.Length..].TrimStart();
        int dash = text.IndexOf('-');
        int slash = text.IndexOf('/');
        if (dash <= 0 || slash <= dash + 1)
        {
            return false;
        }

        if (!TryParseLong(text[..dash], out long start)
            || !TryParseLong(text[(dash + 1)..slash], out long end)
            || !TryParseLong(text[(slash + 1)..], out long total))
        {
            return false;
        }

        if (end < start || end >= total)
        {
            return false;
        }

        range = new ContentRange(start, end, total);
        return true;
    }

    /// <summary>Whether <paramref name="value"/> says the object is empty: a total of 0, whatever the range before it
    /// (moto answers part 1 of an empty object <c>bytes 0--1/0</c>, s3rver a range of it <c>bytes 0-0/0</c>).</summary>
    public static bool NamesEmptyObject(string? value)
    {
        ReadOnlySpan<char> text = value.AsSpan().Trim();
        int slash = text.LastIndexOf('/');
        return text.StartsWith("bytes ", StringComparison.OrdinalIgnoreCase) && slash > 0
            && TryParseLong(text[(slash + 1)..], out long total) && total == 0;
    }

    private static bool TryParseLong(ReadOnlySpan<char> digits, out long value) =>
        long.TryParse(digits, NumberStyles.None, CultureInfo.InvariantCulture, out value) && value >= 0;
}
