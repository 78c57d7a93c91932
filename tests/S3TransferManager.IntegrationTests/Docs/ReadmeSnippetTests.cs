using Amazon.S3.Model;
using Microsoft.CodeAnalysis.CSharp;

namespace S3TransferManager.IntegrationTests.Docs;

/// <summary>Every C# block in README.md and in the pages under docs/ compiles as pasted into a console app: a doc example
/// is code.</summary>
public sealed class ReadmeSnippetTests
{
    public static TheoryData<int, string> Blocks()
    {
        var data = new TheoryData<int, string>();
        foreach (ReadmeSnippets.Block block in ReadmeSnippets.FromReadme())
        {
            data.Add(block.Index, $"{block.Heading}, line {block.Line}");
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Blocks))]
    public void ReadmeBlock_AsPastedIntoAConsoleApp_CompilesWithoutWarnings(int index, string where) =>
        ReadmeSnippets.AssertBuildsClean("README.md", index, where);

    /// <summary>Every C# block of the pages under docs/, which the README links to for depth.</summary>
    public static TheoryData<string, int, string> DocsBlocks() => ReadmeSnippets.BlocksOf(ReadmeSnippets.DocsPages());

    [Theory]
    [MemberData(nameof(DocsBlocks))]
    public void DocsBlock_AsPastedIntoAConsoleApp_CompilesWithoutWarnings(string page, int index, string where) =>
        ReadmeSnippets.AssertBuildsClean(page, index, where);

    [Fact]
    public void DocsPages_TheDocsFolder_HasBlocksToCompile()
    {
        Assert.Contains(ReadmeSnippets.DocsPages(), page => ReadmeSnippets.FromFile(page).Count > 0);
    }

    [Fact]
    public void FromReadme_TheReadme_FindsTheQuickStartAndUsingItBlocks()
    {
        IReadOnlyList<ReadmeSnippets.Block> blocks = ReadmeSnippets.FromReadme();

        Assert.Contains(blocks, b => b.Heading == "Quick start");
        Assert.Contains(blocks, b => b.Heading == "Using it");
    }

    [Fact]
    public void Problems_ABlockUsingAnUndeclaredVariable_ReportsTheCompilerError()
    {
        CSharpCompilation compilation = ReadmeSnippets.Compile("using S3TransferManager;\nawait Task.Delay(1, cancellationToken);");

        Assert.Contains("CS0103", ReadmeSnippets.Problems(compilation), StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_AnUnclosedBlock_Throws()
    {
        Assert.Throws<InvalidOperationException>(() => ReadmeSnippets.Parse("# t\n```csharp\nint x = 1;\n"));
    }
}
