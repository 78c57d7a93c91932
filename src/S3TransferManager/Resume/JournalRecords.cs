using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace S3TransferManager.Resume;

/// <summary>Turns a journal's header and records into lines (<see cref="JournalLine"/>) and back.</summary>
internal static class JournalRecords
{
    public static byte[] Line(JournalHeader header) => Encode(header, JournalJson.Default.JournalHeader);

    public static byte[] Line(UploadedPart part) => Encode(part, JournalJson.Default.UploadedPart);

    public static byte[] Line(DownloadedPart part) => Encode(part, JournalJson.Default.DownloadedPart);

    public static byte[] Line(FinishedObject finished) => Encode(finished, JournalJson.Default.FinishedObject);

    /// <summary>The header of a journal's first line, when this library can read it (its format and version); null for
    /// an empty journal, another format, or another version.</summary>
    public static JournalHeader? Header(List<byte[]> lines)
    {
        if (lines.Count == 0)
        {
            return null;
        }

        try
        {
            return JsonSerializer.Deserialize(lines[0], JournalJson.Default.JournalHeader) is { IsCurrent: true } header ? header : null;
        }
        catch (JsonException)
        {
            return null;
        }
        catch (NotSupportedException)
        {
            // A kind this version does not know.
            return null;
        }
    }

    /// <summary>The records after the header, each read as <typeparamref name="T"/>; reading stops at the first that is
    /// not one (nothing after a line that does not parse is trusted).</summary>
    public static List<T> Records<T>(List<byte[]> lines, JsonTypeInfo<T> type)
    {
        var records = new List<T>(Math.Max(0, lines.Count - 1));
        for (int i = 1; i < lines.Count; i++)
        {
            T? record;
            try
            {
                record = JsonSerializer.Deserialize(lines[i], type);
            }
            catch (JsonException)
            {
                break;
            }

            if (record is null)
            {
                break;
            }

            records.Add(record);
        }

        return records;
    }

    /// <summary>Each key's last record, in key order: a part sent or written again is recorded again.</summary>
    public static List<T> LastOfEach<T, TKey>(IEnumerable<T> records, Func<T, TKey> key, IComparer<TKey>? order = null)
        where TKey : notnull
    {
        var latest = new SortedDictionary<TKey, T>(order ?? Comparer<TKey>.Default);
        foreach (T record in records)
        {
            latest[key(record)] = record;
        }

        return [.. latest.Values];
    }

    private static byte[] Encode<T>(T value, JsonTypeInfo<T> type) => JournalLine.Encode(JsonSerializer.SerializeToUtf8Bytes(value, type));
}
