using System.Text;
using S3TransferManager.Resume;

namespace S3TransferManager.Tests.Resume;

/// <summary>The journal's line format: 8 hex digits of the CRC-32C of the JSON, a space, the JSON, a line feed; a
/// reader trusts the lines up to the first that is cut short or damaged, and nothing after it.</summary>
public sealed class JournalLineTests
{
    [Fact]
    public void Encode_Json_IsTheCrc32CInHexThenTheJsonThenALineFeed()
    {
        byte[] line = JournalLine.Encode("{\"part\":1}"u8);

        // "123456789" gives CRC-32C's published check value, e3069283 (the CRC catalogue, RFC 3720).
        Assert.Equal("{\"part\":1}\n", Encoding.UTF8.GetString(line)[9..]);
        Assert.Equal(' ', (char)line[8]);
        Assert.Equal(S3TransferManager.Checksums.Crc32C.Compute("{\"part\":1}"u8).ToString("x8", System.Globalization.CultureInfo.InvariantCulture),
            Encoding.UTF8.GetString(line, 0, 8));
        Assert.Equal("e3069283", Encoding.UTF8.GetString(JournalLine.Encode("123456789"u8), 0, 8));
    }

    [Fact]
    public void ReadAll_LastLineCutShort_KeepsTheWholeLinesBeforeIt()
    {
        byte[] first = JournalLine.Encode("{\"a\":1}"u8);
        byte[] second = JournalLine.Encode("{\"b\":2}"u8);
        byte[] content = [.. first, .. second, .. JournalLine.Encode("{\"c\":3}"u8).AsSpan(0, 12)];

        List<byte[]> lines = JournalLine.ReadAll(content, out long good);

        Assert.Equal(["{\"a\":1}", "{\"b\":2}"], lines.Select(l => Encoding.UTF8.GetString(l)));
        Assert.Equal(first.Length + second.Length, good);
    }

    [Fact]
    public void ReadAll_OneByteDamagedInTheMiddle_TrustsNothingFromThatLineOn()
    {
        byte[] first = JournalLine.Encode("{\"a\":1}"u8);
        byte[] second = JournalLine.Encode("{\"b\":2}"u8);
        byte[] third = JournalLine.Encode("{\"c\":3}"u8);
        byte[] content = [.. first, .. second, .. third];
        content[first.Length + 12] ^= 0x01;

        List<byte[]> lines = JournalLine.ReadAll(content, out long good);

        Assert.Equal(["{\"a\":1}"], lines.Select(l => Encoding.UTF8.GetString(l)));
        Assert.Equal(first.Length, good);
    }
}
