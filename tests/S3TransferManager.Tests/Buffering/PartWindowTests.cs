using S3TransferManager.Buffering;
using S3TransferManager.Parts;

namespace S3TransferManager.Tests.Buffering;

public sealed class PartWindowTests
{
    private const long MiB = 1024 * 1024;

    [Fact]
    public void Admits_CountedInParts_TakesThatManyPartsFromTheReaders()
    {
        PartWindow window = PartWindow.OfParts(3);

        Assert.Equal(3, window.MostParts);
        Assert.True(window.Admits(4, nextPart: 2));
        Assert.False(window.Admits(5, nextPart: 2));
        Assert.True(window.Admits(1, nextPart: 2));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(3)]
    [InlineData(24)]
    public void Admits_CountedInBytesOverEqualParts_AdmitsWhatTheSameNumberOfPartsWould(int parts)
    {
        // 20 parts of 8 MiB and a shorter last one, no tail.
        var layout = new PartLayout(totalLength: (160 * MiB) + 5, partSize: 8 * MiB);
        PartWindow inBytes = Bytes(layout, parts);
        PartWindow inParts = PartWindow.OfParts(parts);

        for (int next = 1; next <= layout.PartCount; next++)
        {
            for (int part = 1; part <= layout.PartCount; part++)
            {
                Assert.Equal(inParts.Admits(part, next), inBytes.Admits(part, next));
            }
        }

        Assert.Equal(Math.Min(parts, layout.PartCount), inBytes.MostParts);
    }

    [Fact]
    public void Admits_CountedInBytesOverAShrinkingTail_AdmitsMoreOfTheSmallPartsWithinTheSameBytes()
    {
        // 256 MiB in 8 MiB parts with a tail for 20 connections: 17 full parts, then 20 of about 4 MiB and 20 of about 2.
        var layout = new PartLayout(256 * MiB, 8 * MiB, tailWidth: 20);
        const int Parts = 24;
        PartWindow window = Bytes(layout, Parts);

        int admittedFromStart = Enumerable.Range(1, layout.PartCount).Count(part => window.Admits(part, nextPart: 1));

        Assert.True(admittedFromStart > Parts, $"{admittedFromStart} parts admitted from part 1");
        int mostSeen = 0;
        for (int next = 1; next <= layout.PartCount; next++)
        {
            int[] admitted = [.. Enumerable.Range(next, layout.PartCount - next + 1).Where(part => window.Admits(part, next))];
            // Contiguous from the reader's part, and never more bytes than the parts the setting names.
            Assert.Equal(Enumerable.Range(next, admitted.Length), admitted);
            Assert.True(layout.EndOf(admitted[^1]) - layout.StartOf(next) + 1 <= Parts * layout.PartSize);
            mostSeen = Math.Max(mostSeen, admitted.Length);
        }

        Assert.Equal(mostSeen, window.MostParts);
    }

    [Fact]
    public void Admits_CountedInBytesSmallerThanAPart_StillAdmitsTheReadersPart()
    {
        var layout = new PartLayout(4 * MiB, MiB);
        PartWindow window = PartWindow.OfBytes(MiB / 2, layout.PartCount, layout.StartOf, layout.EndOf);

        Assert.True(window.Admits(2, nextPart: 2));
        Assert.False(window.Admits(3, nextPart: 2));
        Assert.Equal(1, window.MostParts);
    }

    private static PartWindow Bytes(PartLayout layout, int parts) =>
        PartWindow.OfBytes(parts * layout.PartSize, layout.PartCount, layout.StartOf, layout.EndOf);
}
