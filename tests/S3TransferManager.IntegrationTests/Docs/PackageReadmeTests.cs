using System.Text.RegularExpressions;

namespace S3TransferManager.IntegrationTests.Docs;

/// <summary>
/// The READMEs packed into the NuGet packages (shown on the package's page): their C# blocks compile as pasted into a
/// console app, and they link nowhere relative, since a relative link has nothing to point at outside the repository.
/// </summary>
public sealed partial class PackageReadmeTests
{
    private static readonly string[] s_readmes =
    [
        "src/S3TransferManager/README.md",
        "src/S3TransferManager.Extensions.DependencyInjection/README.md",
        "src/S3TransferManager.Cli/README.md",
    ];

    public static TheoryData<string, int, string> Blocks() => ReadmeSnippets.BlocksOf(s_readmes);

    public static TheoryData<string> Readmes() => [.. s_readmes];

    [Theory]
    [MemberData(nameof(Blocks))]
    public void PackageReadmeBlock_AsPastedIntoAConsoleApp_CompilesWithoutWarnings(string readme, int index, string where) =>
        ReadmeSnippets.AssertBuildsClean(readme, index, where);

    [Theory]
    [MemberData(nameof(Readmes))]
    public void PackageReadme_EveryLink_IsAbsolute(string readme)
    {
        string text = File.ReadAllText(Path.Combine(ReadmeSnippets.RepositoryRoot(), readme));

        string[] relative = [.. MarkdownLink().Matches(text).Select(m => m.Groups["target"].Value)
            .Where(target => !target.StartsWith("https://", StringComparison.Ordinal))];

        Assert.True(relative.Length == 0, $"{readme} links to {string.Join(", ", relative)}, which nothing on a package page can resolve.");
    }

    [Fact]
    public void MarkdownLink_RelativeLinkAndImage_AreBothFound()
    {
        string[] targets = [.. MarkdownLink().Matches("see [the tests](#running-the-tests) and ![icon](src/icon.png)").Select(m => m.Groups["target"].Value)];

        Assert.Equal(["#running-the-tests", "src/icon.png"], targets);
    }

    // [text](target) and ![alt](target); the target ends at the first space or closing parenthesis.
    [GeneratedRegex(@"\]\((?<target>[^)\s]+)")]
    private static partial Regex MarkdownLink();
}
