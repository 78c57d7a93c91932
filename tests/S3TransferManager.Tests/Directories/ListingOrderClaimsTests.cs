using System.Globalization;
using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class ListingOrderClaimsTests
{
    private static readonly string Root = Path.Combine(Path.GetTempPath(), "listing-claims-root");

    private static string At(string relative) => Path.Combine(Root, relative.Replace('/', Path.DirectorySeparatorChar));

    private static string Folder(string relative) => At(relative) + Path.DirectorySeparatorChar;

    [Fact]
    public void Claim_FileThenKeysListedBetweenThenAKeyBelowIt_TheKeyBelowIsRefusedAndNamesTheFolder()
    {
        // In listing order, "a!b" and "a.txt" come between "a" and "a/c": the file "a" must outlive them.
        var claims = new ListingOrderClaims(Root);
        claims.Claim("a", At("a"));
        claims.Claim("a!b", At("a!b"));
        claims.Claim("a.txt", At("a.txt"));

        LocalPathConflictException error = Assert.Throws<LocalPathConflictException>(() => claims.Claim("a/c", At("a/c")));

        Assert.Equal(("a/c", At("a/c")), (error.Key, error.LocalPath));
        Assert.Contains($"'{At("a")}'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Claim_FileThenFolderMarkerOfTheSameName_MarkerIsRefused()
    {
        var claims = new ListingOrderClaims(Root);
        claims.Claim("a/b", At("a/b"));

        Assert.Throws<LocalPathConflictException>(() => claims.Claim("a/b/", Folder("a/b")));
    }

    [Fact]
    public void Claim_AFolderThenFilesInIt_AllAreGiven()
    {
        var claims = new ListingOrderClaims(Root);

        claims.Claim("a/", Folder("a"));
        claims.Claim("a/x", At("a/x"));
        claims.Claim("a/y/", Folder("a/y"));
        claims.Claim("a/y/z", At("a/y/z"));
        claims.Claim("ab", At("ab"));
    }

    [Fact]
    public void Claim_TenThousandKeysInOrder_RemembersOnlyThePrefixesOfTheLast()
    {
        var claims = new ListingOrderClaims(Root);
        for (int i = 0; i < 10_000; i++)
        {
            string key = string.Create(CultureInfo.InvariantCulture, $"f/{i / 100:D3}/{i:D5}");
            claims.Claim(key, At(key));
        }

        claims.Claim("f/999", At("f/999"));
        claims.Claim("f/999.bak", At("f/999.bak"));

        Assert.Equal(2, claims.Remembered);
    }

    [Fact]
    public void Claim_AKeyOutOfListingOrder_KeepsFindingConflictsWithTheFilesItStillRemembers()
    {
        var claims = new ListingOrderClaims(Root);
        claims.Claim("a", At("a"));
        claims.Claim("a!b", At("a!b"));

        claims.Claim("0", At("0")); // before "a!b": not a sorted listing
        claims.Claim("1/x", At("1/x")); // every claim is kept from here on, so order no longer matters

        Assert.Throws<LocalPathConflictException>(() => claims.Claim("a/c", At("a/c")));
        Assert.Throws<LocalPathConflictException>(() => claims.Claim("1", At("1")));
    }

    [Theory]
    [InlineData("a", "b", -1)]
    [InlineData("ab", "a", 1)]
    [InlineData("abc", "abc", 0)]
    [InlineData("\U0001F600", "\uFFFD", 1)] // UTF-8 F0 9F.. after EF BF BD, though UTF-16 D83D sorts before FFFD
    [InlineData("\uE000", "\U0001F600", -1)]
    public void Utf8Order_Compare_SortsAsTheUtf8Bytes(string a, string b, int sign)
    {
        Assert.Equal(sign, Math.Sign(Utf8Order.Compare(a, b)));
        Assert.Equal(sign, Math.Sign(System.Text.Encoding.UTF8.GetBytes(a).AsSpan().SequenceCompareTo(System.Text.Encoding.UTF8.GetBytes(b))));
    }
}
