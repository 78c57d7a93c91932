using System.Reflection;
using System.Text.RegularExpressions;
using S3TransferManager.IntegrationTests.Docs;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>The case tables, the theories that run them and CONTRIBUTING.md's table of them stay in step: a case added
/// to a table but not to a theory would never run, and one missing from the document would be undocumented.</summary>
public sealed partial class FaultMatrixTableTests
{
    [Fact]
    public void DownloadToFileTheory_Rows_AreEveryDownloadCase() =>
        Assert.Equal(DownloadFaultCases.All.Keys.Order(), RowsOf<DownloadToFileFaultMatrixTests>().Order());

    [Fact]
    public void OpenStreamTheory_Rows_AreEveryDownloadCaseWithoutADestination() =>
        Assert.Equal(
            DownloadFaultCases.All.Values.Where(c => c.Destination == Destination.ExistingFile).Select(c => c.Name).Order(),
            RowsOf<OpenStreamFaultMatrixTests>().Order());

    [Fact]
    public void UploadTheories_Rows_AreEveryUploadCase()
    {
        Assert.Equal(UploadFaultCases.All.Keys.Order(), RowsOf<UploadFileFaultMatrixTests>().Order());
        Assert.Equal(UploadFaultCases.All.Keys.Order(), RowsOf<UploadStreamFaultMatrixTests>().Order());
    }

    [Fact]
    public void Contributing_FaultMatrixSection_ListsEveryCaseOnce()
    {
        string contributing = File.ReadAllText(Path.Combine(ReadmeSnippets.RepositoryRoot(), "CONTRIBUTING.md"));
        int start = contributing.IndexOf("\n## Fault matrix\n", StringComparison.Ordinal);
        Assert.True(start >= 0, "CONTRIBUTING.md has no section \"Fault matrix\".");
        int end = contributing.IndexOf("\n## ", start + 1, StringComparison.Ordinal);
        string section = contributing[start..(end < 0 ? contributing.Length : end)];

        string[] listed = [.. TableRow().Matches(section).Select(m => m.Groups[1].Value)];

        Assert.Equal(DownloadFaultCases.All.Keys.Concat(UploadFaultCases.All.Keys).Order(), listed.Order());
    }

    private static IEnumerable<string> RowsOf<T>() =>
        typeof(T).GetMethods()
            .SelectMany(m => m.GetCustomAttributes<InlineDataAttribute>())
            .Select(row => (string)row.GetData(null!).Single()[0]);

    [GeneratedRegex(@"^\| `([^`]+)` \|", RegexOptions.Multiline)]
    private static partial Regex TableRow();
}
