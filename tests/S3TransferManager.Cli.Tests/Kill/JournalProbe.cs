using System.Text.Json;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// Reads the journals under some folders as another program would (each line: 8 hex digits of a CRC-32C, a space, a
/// JSON object; the first line a header), and says how many bytes they record as done: for each key, the larger of
/// the parts its own journal lists and the length a directory journal lists it as finished with. Lines cut short by
/// the writer are skipped: they do not count until they are whole.
/// </summary>
internal static class JournalProbe
{
    public const string Pattern = "*.s3tm-journal";

    public static long RecordedBytes(params string[] folders)
    {
        var done = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (string folder in folders.Where(Directory.Exists))
        {
            foreach (string journal in Directory.EnumerateFiles(folder, Pattern, SearchOption.AllDirectories))
            {
                Add(journal, done);
            }
        }

        return done.Values.Sum();
    }

    private static void Add(string journal, Dictionary<string, long> done)
    {
        string[] lines;
        try
        {
            lines = File.ReadAllLines(journal);
        }
        catch (IOException)
        {
            return; // Replaced (renamed over) or deleted while we looked: the next look sees it.
        }

        JsonElement[] records = [.. lines.Select(Parse).TakeWhile(r => r is not null).Select(r => r!.Value)];
        if (records.Length == 0)
        {
            return;
        }

        if (records[0].TryGetProperty("key", out JsonElement key))
        {
            // An object's journal: its distinct parts.
            long parts = records.Skip(1).GroupBy(r => r.GetProperty("part").GetInt32()).Sum(g => g.Last().GetProperty("length").GetInt64());
            Max(done, key.GetString()!, parts);
            return;
        }

        foreach (JsonElement finished in records.Skip(1))
        {
            Max(done, finished.GetProperty("key").GetString()!, finished.GetProperty("length").GetInt64());
        }
    }

    private static void Max(Dictionary<string, long> done, string key, long bytes) =>
        done[key] = Math.Max(done.GetValueOrDefault(key), bytes);

    private static JsonElement? Parse(string line)
    {
        if (line.Length < 10 || line[8] != ' ')
        {
            return null;
        }

        try
        {
            return JsonDocument.Parse(line[9..]).RootElement.Clone();
        }
        catch (JsonException)
        {
            return null;
        }
    }
}
