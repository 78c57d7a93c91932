using S3TransferManager.Directories;

namespace S3TransferManager.Tests.Directories;

public sealed class LocalPathClaimsTests
{
    private static readonly string Root = Path.Combine(Path.GetTempPath(), "claims-root");

    private static readonly NameFolding IgnoresCase = new(IgnoresCase: true, IgnoresNormalization: false);

    [Fact]
    public void Claim_CaseOnlyDifferenceWhereCaseIsIgnored_SecondKeyIsRefused()
    {
        var claims = new LocalPathClaims(IgnoresCase, Root);
        claims.Claim("Data/A.txt", At("Data/A.txt"));

        LocalPathConflictException error = Assert.Throws<LocalPathConflictException>(() => claims.Claim("data/a.txt", At("data/a.txt")));

        Assert.Equal(("data/a.txt", At("data/a.txt")), (error.Key, error.LocalPath));
    }

    [Fact]
    public void Claim_CaseOnlyDifferenceWhereNamesAreExact_BothAreGiven()
    {
        var claims = new LocalPathClaims(NameFolding.Exact, Root);

        claims.Claim("A.txt", At("A.txt"));
        claims.Claim("a.txt", At("a.txt"));
    }

    [Fact]
    public void Claim_NormalizationOnlyDifferenceWhereItIsIgnored_SecondKeyIsRefused()
    {
        var claims = new LocalPathClaims(new NameFolding(IgnoresCase: false, IgnoresNormalization: true), Root);
        claims.Claim("caf\u00e9", At("caf\u00e9"));

        Assert.Throws<LocalPathConflictException>(() => claims.Claim("cafe\u0301", At("cafe\u0301")));
    }

    [Fact]
    public void Claim_FileThenFolderMarkerOfTheSameName_MarkerIsRefused()
    {
        var claims = new LocalPathClaims(NameFolding.Exact, Root);
        claims.Claim("a/b", At("a/b"));

        Assert.Throws<LocalPathConflictException>(() => claims.Claim("a/b/", At("a/b") + Path.DirectorySeparatorChar));
    }

    [Fact]
    public void Claim_FileThenAKeyBelowIt_TheKeyBelowIsRefusedAndNamesTheFolder()
    {
        var claims = new LocalPathClaims(NameFolding.Exact, Root);
        claims.Claim("a/b", At("a/b"));

        LocalPathConflictException error = Assert.Throws<LocalPathConflictException>(() => claims.Claim("a/b/c/d", At("a/b/c/d")));

        Assert.Contains($"'{At("a/b")}'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Claim_FolderThenAFileOfItsName_FileIsRefused()
    {
        var claims = new LocalPathClaims(IgnoresCase, Root);
        claims.Claim("A/x", At("A/x"));

        Assert.Throws<LocalPathConflictException>(() => claims.Claim("a", At("a")));
    }

    [Fact]
    public void Claim_SiblingsAndMarkersOfOneFolder_AllAreGiven()
    {
        var claims = new LocalPathClaims(IgnoresCase, Root);

        claims.Claim("a/", At("a") + Path.DirectorySeparatorChar);
        claims.Claim("a/x", At("a/x"));
        claims.Claim("A/y", At("A/y"));
        claims.Claim("a/sub/", At("a/sub") + Path.DirectorySeparatorChar);
        claims.Claim("a/sub/z", At("a/sub/z"));
    }

    [Fact]
    public void Probe_ThisMachinesTempFolder_AgreesWithTheFileSystemAndLeavesNothing()
    {
        string folder = Directory.CreateTempSubdirectory("s3tm-probe-").FullName;
        try
        {
            string lower = Path.Combine(folder, "probe-case");
            File.WriteAllText(lower, "x");
            bool ignoresCase = File.Exists(Path.Combine(folder, "PROBE-CASE"));
            File.Delete(lower);

            NameFolding folding = NameFolding.Probe(folder);

            Assert.Equal(ignoresCase, folding.IgnoresCase);
            Assert.Empty(Directory.EnumerateFileSystemEntries(folder));
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    private static string At(string relative) => Path.Combine([Root, .. relative.Split('/')]);
}
