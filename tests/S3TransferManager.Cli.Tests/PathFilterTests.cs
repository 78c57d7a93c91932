using System.Diagnostics;
using System.Text.Json;
using S3TransferManager.Cli.Commands;

namespace S3TransferManager.Cli.Tests;

/// <summary>--include/--exclude patterns match as Python's fnmatch.fnmatchcase does (what the AWS CLI uses on POSIX):
/// each case's expected answer comes from python3 itself, not from this code.</summary>
public sealed class PathFilterTests
{
    private static readonly (string Pattern, string Path)[] Cases =
    [
        ("*.txt", "a.txt"), ("*.txt", "sub/c.txt"), ("*.txt", "a.txt.bak"), ("sub/*", "sub/c.txt"), ("sub/*", "sub/deep/c.txt"),
        ("sub/*", "other/sub/c.txt"), ("?.txt", "a.txt"), ("?.txt", "ab.txt"), ("[ab].txt", "b.txt"), ("[ab].txt", "c.txt"),
        ("[!ab].txt", "c.txt"), ("[!ab].txt", "a.txt"), ("[a-c]*", "b/x"), ("[a-c]*", "d/x"), ("*", ""), ("*", "x/y/z"),
        ("a*b*c", "axxbyyc"), ("a*b*c", "axxbyy"), ("[]]", "]"), ("[!]]", "a"), ("[abc", "[abc"), ("*.TXT", "a.txt"),
        ("**/c.txt", "sub/c.txt"), ("sub/skip*", "sub/skip.txt"), ("*[0-9].log", "app12.log"), ("*[0-9].log", "app.log"),
    ];

    [Fact]
    public async Task Matches_EveryCase_AsPythonsFnmatchcase()
    {
        bool[] expected = await PythonAsync();

        bool[] actual = [.. Cases.Select(c => PathFilter.Matches(c.Pattern, c.Path))];

        Assert.Equal(
            Cases.Select((c, i) => $"{c.Pattern} {c.Path} {expected[i]}"),
            Cases.Select((c, i) => $"{c.Pattern} {c.Path} {actual[i]}"));
    }

    [Fact]
    public void Includes_ExcludeAllThenIncludeTxt_LastMatchingRuleWins()
    {
        var filter = new PathFilter([SyncFilterRule.Exclude("*"), SyncFilterRule.Include("*.txt"), SyncFilterRule.Exclude("sub/skip*")]);

        Assert.Equal([true, false, true, false], new[] { "a.txt", "b.log", "sub/c.txt", "sub/skip.txt" }.Select(filter.Includes));
    }

    private static async Task<bool[]> PythonAsync()
    {
        var start = new ProcessStartInfo("python3") { RedirectStandardInput = true, RedirectStandardOutput = true, UseShellExecute = false };
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add("import fnmatch, json, sys; print(json.dumps([fnmatch.fnmatchcase(p, pat) for pat, p in json.load(sys.stdin)]))");
        using Process python = Process.Start(start)!;
        await python.StandardInput.WriteAsync(JsonSerializer.Serialize(Cases.Select(c => new[] { c.Pattern, c.Path })));
        python.StandardInput.Close();
        string output = await python.StandardOutput.ReadToEndAsync();
        await python.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(30));
        return JsonSerializer.Deserialize<bool[]>(output)!;
    }
}
