using System.Globalization;
using S3TransferManager.Checksums;

namespace S3TransferManager.Resume;

/// <summary>
/// One line of a journal: 8 hex digits of the CRC-32C of the rest of the line, a space, a JSON object, a line feed.
/// A line cut short by a crash (no line feed) or damaged on disk (its CRC does not match) is where a reader stops: a
/// journal's good records are the lines before it.
/// </summary>
internal static class JournalLine
{
    private const int CrcDigits = 8;

    /// <summary>The line for <paramref name="json"/> (UTF-8), with its line feed.</summary>
    public static byte[] Encode(ReadOnlySpan<byte> json)
    {
        byte[] line = new byte[CrcDigits + 1 + json.Length + 1];
        Crc32C.Compute(json).TryFormat(line.AsSpan(0, CrcDigits), out _, "x8", CultureInfo.InvariantCulture);
        line[CrcDigits] = (byte)' ';
        json.CopyTo(line.AsSpan(CrcDigits + 1));
        line[^1] = (byte)'\n';
        return line;
    }

    /// <summary>The JSON of each complete, undamaged line of <paramref name="content"/>, in order, up to the first line
    /// that is not; <paramref name="goodLength"/> is the bytes those lines take (where the next record goes).</summary>
    public static List<byte[]> ReadAll(ReadOnlySpan<byte> content, out long goodLength)
    {
        var lines = new List<byte[]>();
        goodLength = 0;
        while (true)
        {
            int end = content.IndexOf((byte)'\n');
            if (end < 0 || !TryDecode(content[..end], out ReadOnlySpan<byte> json))
            {
                return lines;
            }

            lines.Add(json.ToArray());
            goodLength += end + 1;
            content = content[(end + 1)..];
        }
    }

    private static bool TryDecode(ReadOnlySpan<byte> line, out ReadOnlySpan<byte> json)
    {
        json = default;
        if (line.Length < CrcDigits + 2 || line[CrcDigits] != (byte)' '
            || !uint.TryParse(line[..CrcDigits], NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out uint crc))
        {
            return false;
        }

        json = line[(CrcDigits + 1)..];
        return Crc32C.Compute(json) == crc;
    }
}
