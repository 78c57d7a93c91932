using System.Globalization;

namespace S3TransferManager.InMemoryS3.Http;

/// <summary>
/// A single-range <c>Range: bytes=...</c> header, as S3 accepts it: <c>a-b</c>, <c>a-</c> or <c>-n</c>.
/// Anything else is ignored (the whole object is served), which is what HTTP prescribes for invalid syntax.
/// </summary>
internal readonly struct RangeHeader
{
    private readonly long _first;
    private readonly long _last; // -1 when open-ended
    private readonly long _suffixLength; // -1 unless a suffix range

    private RangeHeader(long first, long last, long suffixLength)
    {
        _first = first;
        _last = last;
        _suffixLength = suffixLength;
    }

    /// <summary>Parses the header; <see langword="false"/> when it is absent or not a valid single byte range.</summary>
    public static bool TryParse(string? value, out RangeHeader range)
    {
        range = default;
        if (value is null || !value.StartsWith("bytes=", StringComparison.OrdinalIgnoreCase))
        {
            return false;
        }

        ReadOnlySpan<char> spec = value.AsSpan(6).Trim();
        int dash = spec.IndexOf('-');
        if (dash < 0 || spec.Contains(','))
        {
            return false;
        }

        ReadOnlySpan<char> firstText = spec[..dash].Trim();
        ReadOnlySpan<char> lastText = spec[(dash + 1)..].Trim();
        if (firstText.IsEmpty)
        {
            if (!TryParseNumber(lastText, out long suffix))
            {
                return false;
            }

            range = new RangeHeader(0, -1, suffix);
            return true;
        }

        if (!TryParseNumber(firstText, out long first))
        {
            return false;
        }

        if (lastText.IsEmpty)
        {
            range = new RangeHeader(first, -1, -1);
            return true;
        }

        if (!TryParseNumber(lastText, out long last) || last < first)
        {
            return false;
        }

        range = new RangeHeader(first, last, -1);
        return true;
    }

    /// <summary>
    /// Resolves the range against an object of <paramref name="length"/> bytes, clamping the end to the last byte;
    /// <see langword="false"/> when it is unsatisfiable (always so for an empty object).
    /// </summary>
    public bool TryResolve(long length, out long offset, out long count)
    {
        offset = 0;
        count = 0;
        if (length == 0)
        {
            return false;
        }

        if (_suffixLength >= 0)
        {
            if (_suffixLength == 0)
            {
                return false;
            }

            count = Math.Min(_suffixLength, length);
            offset = length - count;
            return true;
        }

        if (_first >= length)
        {
            return false;
        }

        long last = _last < 0 ? length - 1 : Math.Min(_last, length - 1);
        offset = _first;
        count = last - _first + 1;
        return true;
    }

    private static bool TryParseNumber(ReadOnlySpan<char> text, out long value) =>
        long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out value);
}
