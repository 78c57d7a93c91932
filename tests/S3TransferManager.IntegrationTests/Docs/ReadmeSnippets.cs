using System.Collections.Immutable;
using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;

namespace S3TransferManager.IntegrationTests.Docs;

/// <summary>
/// The ```csharp blocks of the repository's README.md, compiled with Roslyn in process the way a user's new console app
/// would compile them: top-level statements, nullable on, the SDK's implicit usings for a console app, and every
/// assembly this test run can load (which includes the library and AWSSDK.S3) as references.
/// </summary>
internal static partial class ReadmeSnippets
{
    // The implicit usings `dotnet new console` turns on; a pasted block may rely on them as a user's would.
    private const string ConsoleAppUsings = """
        global using System;
        global using System.Collections.Generic;
        global using System.IO;
        global using System.Linq;
        global using System.Net.Http;
        global using System.Threading;
        global using System.Threading.Tasks;
        """;

    private static readonly Lazy<ImmutableArray<MetadataReference>> s_references = new(LoadReferences);

    /// <summary>One README block: its text and the heading it sits under (for test names and messages).</summary>
    public sealed record Block(int Index, string Heading, int Line, string Code);

    public static string ReadmePath() => Path.Combine(RepositoryRoot(), "README.md");

    /// <summary>The folder that holds TransferManager.sln and README.md, found upwards from the test's output.</summary>
    public static string RepositoryRoot()
    {
        for (DirectoryInfo? folder = new(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, "README.md")) && File.Exists(Path.Combine(folder.FullName, "TransferManager.sln")))
            {
                return folder.FullName;
            }
        }

        throw new InvalidOperationException($"No README.md beside TransferManager.sln above {AppContext.BaseDirectory}.");
    }

    public static IReadOnlyList<Block> Parse(string markdown)
    {
        var blocks = new List<Block>();
        string heading = "(top)";
        string[] lines = markdown.Split('\n');
        for (int i = 0; i < lines.Length; i++)
        {
            string line = lines[i].TrimEnd('\r');
            if (line.StartsWith('#'))
            {
                heading = line.TrimStart('#').Trim();
            }
            else if (line.Trim() == "```csharp")
            {
                int first = i + 1;
                int close = Array.FindIndex(lines, first, l => l.TrimEnd('\r').Trim() == "```");
                if (close < 0)
                {
                    throw new InvalidOperationException($"README.md line {i + 1}: a ```csharp block is never closed.");
                }

                blocks.Add(new Block(blocks.Count, heading, i + 1, string.Join('\n', lines[first..close])));
                i = close;
            }
        }

        return blocks;
    }

    public static IReadOnlyList<Block> FromReadme() => Parse(File.ReadAllText(ReadmePath()));

    /// <summary>The markdown pages under docs/, by their paths from the repository's root, in a stable order.</summary>
    public static IReadOnlyList<string> DocsPages() =>
        [.. System.IO.Directory.EnumerateFiles(Path.Combine(RepositoryRoot(), "docs"), "*.md")
            .Select(path => Path.GetRelativePath(RepositoryRoot(), path))
            .Order(StringComparer.Ordinal)];

    /// <summary>The blocks of another markdown file of the repository (a package's README), by its path from the root.</summary>
    public static IReadOnlyList<Block> FromFile(string relativePath) => Parse(File.ReadAllText(Path.Combine(RepositoryRoot(), relativePath)));

    /// <summary>Every block of each file, as theory rows: the file, the block's index, and where it is (for the test's name).</summary>
    public static TheoryData<string, int, string> BlocksOf(IEnumerable<string> relativePaths)
    {
        var data = new TheoryData<string, int, string>();
        foreach (string path in relativePaths)
        {
            foreach (Block block in FromFile(path))
            {
                data.Add(path, block.Index, $"{block.Heading}, line {block.Line}");
            }
        }

        return data;
    }

    /// <summary>Compiles block <paramref name="index"/> of a file as pasted into a console app, and fails with the
    /// compiler's errors and warnings when it does not build clean.</summary>
    public static void AssertBuildsClean(string relativePath, int index, string where)
    {
        string problems = Problems(Compile(FromFile(relativePath)[index].Code));
        Assert.True(problems.Length == 0, $"{relativePath} block under \"{where}\" does not build clean:\n{problems}");
    }

    /// <summary>Compiles one block as a console app's Program.cs.</summary>
    public static CSharpCompilation Compile(string code, string name = "ReadmeSnippet")
    {
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        SyntaxTree program = CSharpSyntaxTree.ParseText(code, parse, path: "Program.cs");
        SyntaxTree usings = CSharpSyntaxTree.ParseText(ConsoleAppUsings, parse, path: "GlobalUsings.g.cs");
        var options = new CSharpCompilationOptions(OutputKind.ConsoleApplication, nullableContextOptions: NullableContextOptions.Enable)
            .WithSpecificDiagnosticOptions(new Dictionary<string, ReportDiagnostic>
            {
                // What the .NET SDK suppresses in every project: notes about assembly version unification.
                ["CS1701"] = ReportDiagnostic.Suppress,
                ["CS1702"] = ReportDiagnostic.Suppress,
            });
        return CSharpCompilation.Create(name, [program, usings], s_references.Value, options);
    }

    /// <summary>The errors and warnings a user would see, one per line; empty when the block builds clean.</summary>
    public static string Problems(CSharpCompilation compilation) => string.Join('\n', compilation.GetDiagnostics()
        .Where(d => d.Severity >= DiagnosticSeverity.Warning)
        .Select(d => d.ToString()));

    /// <summary>Emits the block and returns its top-level statements as a callable (the async <c>&lt;Main&gt;$</c>).</summary>
    public static Func<string[], Task> Load(CSharpCompilation compilation)
    {
        using var image = new MemoryStream();
        Microsoft.CodeAnalysis.Emit.EmitResult result = compilation.Emit(image);
        if (!result.Success)
        {
            throw new InvalidOperationException("The block does not compile:\n" + Problems(compilation));
        }

        Assembly assembly = Assembly.Load(image.ToArray());
        MethodInfo main = assembly.GetType("Program")!.GetMethod("<Main>$", BindingFlags.Static | BindingFlags.NonPublic | BindingFlags.Public)
            ?? throw new InvalidOperationException("The block has no top-level statements.");
        return args => (Task)main.Invoke(null, [args])!;
    }

    private static ImmutableArray<MetadataReference> LoadReferences()
    {
        // The runtime's and the test's own assemblies (the library, AWSSDK.S3, ...): what a console app referencing the
        // package would see, and no more than this process can load to run a block.
        string paths = (string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!;
        return [.. paths.Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries)
            .Where(p => p.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) && !IsTestOnly(p))
            .Select(p => MetadataReference.CreateFromFile(p))];
    }

    // Test-only assemblies stay out, so a block cannot compile by accident against xUnit or Moq.
    private static bool IsTestOnly(string path) => TestOnly().IsMatch(Path.GetFileName(path));

    [GeneratedRegex(@"^(xunit|Moq|Castle|testhost|Microsoft\.TestPlatform|Microsoft\.VisualStudio|coverlet|Microsoft\.CodeAnalysis|S3TransferManager\.(IntegrationTests|InMemoryS3))", RegexOptions.IgnoreCase)]
    private static partial Regex TestOnly();
}
