using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

public sealed class InMemoryS3ContentTests
{
    [Theory]
    [InlineData(0, 64)]
    [InlineData(3, 5)]
    [InlineData(5, 30)]
    [InlineData(13, 2)]
    public void Fill_AnyOffset_MatchesSliceOfWholeContent(int offset, int length)
    {
        byte[] whole = InMemoryS3Content.Create(100, seed: 30);
        byte[] slice = new byte[length];

        InMemoryS3Content.Fill(slice, offset, seed: 30);

        Assert.Equal(whole.AsSpan(offset, length).ToArray(), slice);
    }

    [Fact]
    public void Create_DifferentSeeds_GiveDifferentContent()
    {
        Assert.NotEqual(InMemoryS3Content.Create(64, seed: 1), InMemoryS3Content.Create(64, seed: 2));
    }
}
