namespace S3TransferManager.Directories;

/// <summary>Compares strings in the order of their UTF-8 bytes (the order S3 lists keys in) without encoding them.</summary>
internal static class Utf8Order
{
    /// <summary>Negative, zero or positive as <paramref name="a"/>'s UTF-8 bytes sort before, with or after
    /// <paramref name="b"/>'s.</summary>
    public static int Compare(string a, string b)
    {
        int common = Math.Min(a.Length, b.Length);
        for (int i = 0; i < common; i++)
        {
            if (a[i] != b[i])
            {
                return Rank(a[i]) - Rank(b[i]);
            }
        }

        return a.Length - b.Length;
    }

    /// <summary>UTF-16 order matches code point order (which UTF-8 keeps) except that surrogates (U+D800-DFFF, which
    /// stand for code points above U+FFFF) sort below U+E000-FFFF: move them above.</summary>
    private static int Rank(char c) => c >= 0xD800 ? (c <= 0xDFFF ? c + 0x2000 : c - 0x800) : c;
}
