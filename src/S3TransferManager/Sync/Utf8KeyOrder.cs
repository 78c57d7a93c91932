namespace S3TransferManager.Sync;

/// <summary>
/// Orders keys as S3 lists them: by the bytes of their UTF-8 encoding, which is the order of their Unicode code points.
/// Ordinal UTF-16 comparison differs for characters above U+FFFF (surrogate pairs sort below U+E000..U+FFFF in UTF-16
/// but above them in UTF-8), so a merge walk over S3 and local names compares through this.
/// </summary>
internal sealed class Utf8KeyOrder : IComparer<string>
{
    public static readonly Utf8KeyOrder Instance = new();

    private Utf8KeyOrder()
    {
    }

    public int Compare(string? x, string? y)
    {
        if (ReferenceEquals(x, y))
        {
            return 0;
        }

        if (x is null)
        {
            return -1;
        }

        if (y is null)
        {
            return 1;
        }

        int common = Math.Min(x.Length, y.Length);
        int at = x.AsSpan(0, common).CommonPrefixLength(y.AsSpan(0, common));
        if (at == common)
        {
            return x.Length.CompareTo(y.Length);
        }

        return CodePointRank(x[at]).CompareTo(CodePointRank(y[at]));
    }

    /// <summary>A UTF-16 unit moved so that surrogates (the halves of code points above U+FFFF) rank above every other
    /// unit, as their code points do. Two units that differ within the same surrogate range keep their order.</summary>
    private static int CodePointRank(char c) => c >= '\uE000' ? c - 0x800 : c >= '\uD800' ? c + 0x2000 : c;
}
