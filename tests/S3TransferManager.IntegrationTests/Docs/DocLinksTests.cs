using System.Text.RegularExpressions;

namespace S3TransferManager.IntegrationTests.Docs;

/// <summary>
/// The repository's own documents (README.md, CONTRIBUTING.md, docs/, benchmarks/ and its dated results) link to each
/// other by relative paths: every such link reaches a file that exists, and a link to a heading reaches a heading of
/// that file, so moving a section cannot leave a reader at a dead end.
/// </summary>
public sealed partial class DocLinksTests
{
    public static TheoryData<string> Documents()
    {
        string root = ReadmeSnippets.RepositoryRoot();
        IEnumerable<string> pages = new[] { "README.md", "CONTRIBUTING.md", Path.Combine("benchmarks", "README.md") }
            .Concat(MarkdownUnder(root, "docs"))
            .Concat(MarkdownUnder(root, Path.Combine("benchmarks", "results")));
        return [.. pages.Where(page => File.Exists(Path.Combine(root, page)))];
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void Document_EveryRelativeLink_ReachesAFileAndHeadingThatExist(string document)
    {
        string root = ReadmeSnippets.RepositoryRoot();
        string path = Path.Combine(root, document);

        string[] broken = [.. RelativeLinks(File.ReadAllText(path)).Where(link => !Resolves(path, link))];

        Assert.True(broken.Length == 0, $"{document} links to {string.Join(", ", broken)}, which is not there.");
    }

    [Fact]
    public void Anchor_HeadingWithCodeAndPunctuation_IsGitHubsSlug() =>
        Assert.Equal("s3tm-the-command-line-tool", Anchor("s3tm, the command-line tool"));

    [Fact]
    public void RelativeLinks_LinksInsideCodeBlocks_AreLeftOut() =>
        Assert.Equal(["a.md"], RelativeLinks("[a](a.md)\n```\n[b](b.md)\n```\n[c](https://example.com)"));

    private static IEnumerable<string> MarkdownUnder(string root, string folder) =>
        System.IO.Directory.Exists(Path.Combine(root, folder))
            ? System.IO.Directory.EnumerateFiles(Path.Combine(root, folder), "*.md").Select(p => Path.GetRelativePath(root, p)).Order(StringComparer.Ordinal)
            : [];

    private static bool Resolves(string from, string link)
    {
        int hash = link.IndexOf('#', StringComparison.Ordinal);
        string file = hash < 0 ? link : link[..hash];
        string target = file.Length == 0 ? from : Path.GetFullPath(Path.Combine(Path.GetDirectoryName(from)!, file));
        if (!File.Exists(target) && !System.IO.Directory.Exists(target))
        {
            return false;
        }

        return hash < 0 || !target.EndsWith(".md", StringComparison.Ordinal)
            || Heading().Matches(CodeBlock().Replace(File.ReadAllText(target), "")).Any(h => Anchor(h.Groups["text"].Value) == link[(hash + 1)..]);
    }

    // GitHub's heading anchors: lower case, punctuation dropped (hyphens and underscores kept), spaces as hyphens.
    private static string Anchor(string heading) =>
        Punctuation().Replace(heading.Trim().ToLowerInvariant(), "").Replace(' ', '-');

    private static string[] RelativeLinks(string markdown) =>
        [.. Link().Matches(CodeBlock().Replace(markdown, "")).Select(m => m.Groups["target"].Value)
            .Where(target => !target.Contains("://", StringComparison.Ordinal))];

    [GeneratedRegex(@"\]\((?<target>[^)\s]+)\)")]
    private static partial Regex Link();

    [GeneratedRegex(@"^```.*?^```", RegexOptions.Singleline | RegexOptions.Multiline)]
    private static partial Regex CodeBlock();

    [GeneratedRegex(@"^#+ (?<text>.+?)\s*$", RegexOptions.Multiline)]
    private static partial Regex Heading();

    [GeneratedRegex(@"[^\w\- ]")]
    private static partial Regex Punctuation();
}
