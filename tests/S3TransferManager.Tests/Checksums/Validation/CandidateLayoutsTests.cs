using S3TransferManager.Checksums.Validation;

namespace S3TransferManager.Tests.Checksums.Validation;

public sealed class CandidateLayoutsTests
{
    private const long MiB = 1024 * 1024;

    [Fact]
    public void PartSizes_TwoPartsOf17MiB_EveryWholeMiBFrom9To17RounderFirst()
    {
        long[] sizes = CandidateLayouts.PartSizes((17 * MiB) + 3, 2);

        Assert.Equal(new long[] { 16, 12, 10, 14, 9, 11, 13, 15, 17 }, sizes.Select(s => s / MiB));
    }

    [Fact]
    public void PartSizes_NoWholeMiBSizeOfAtLeast5MiBFits_IsEmpty() =>
        Assert.Empty(CandidateLayouts.PartSizes(12 * MiB, 4));

    [Fact]
    public void PartSizes_OnePart_IsTheObjectsSize() =>
        Assert.Equal([12_345L], CandidateLayouts.PartSizes(12_345, 1));

    [Fact]
    public void PartSizes_ManyFit_AtMostTheCapAndEveryOneConsistent()
    {
        const long total = (5L * 1024 * MiB) + 1;
        long[] sizes = CandidateLayouts.PartSizes(total, 2);

        Assert.Equal(CandidateLayouts.MaxCandidates, sizes.Length);
        Assert.Equal(4096 * MiB, sizes[0]);
        Assert.All(sizes, size => Assert.True(size % MiB == 0 && size < total && 2 * size >= total, $"{size} does not fit"));
        Assert.Equal(sizes.Length, sizes.Distinct().Count());
    }

    [Fact]
    public void Ends_ThreePartsOf5MiB_EndAtEachPartAndTheObjectsEnd() =>
        Assert.Equal([5 * MiB, 10 * MiB, (11 * MiB) + 9], CandidateLayouts.Ends((11 * MiB) + 9, 3, 5 * MiB));
}
