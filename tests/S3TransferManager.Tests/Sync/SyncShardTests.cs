using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

public sealed class SyncShardTests
{
    [Fact]
    public void Owns_SevenShards_EveryKeyOwnedByExactlyOneAndNoShardFarFromItsShare()
    {
        string[] keys = [.. Enumerable.Range(0, 10_000).Select(i => $"photos/{i / 100:D3}/img{i:D5}.jpg")];
        var shards = Enumerable.Range(0, 7).Select(i => new SyncShard(i, 7)).ToArray();

        int[] owners = [.. keys.Select(k => shards.Count(s => s.Owns(k)))];
        int[] sizes = [.. shards.Select(s => keys.Count(s.Owns))];

        Assert.All(owners, count => Assert.Equal(1, count));
        Assert.All(sizes, size => Assert.InRange(size, 10_000 / 7 * 0.9, 10_000 / 7 * 1.1));
    }

    [Fact]
    public void Of_FixedKeys_SameShardOnEveryMachineAndRun()
    {
        // XxHash64 (seed 0) of the UTF-8 bytes: these values must never change, or processes of different versions
        // splitting one sync would overlap and miss keys.
        Assert.Equal((519, 34), (SyncShard.Of("a.txt", 1000), SyncShard.Of("dir/ünï.bin", 1000)));
        Assert.Equal(SyncShard.Of(new string('k', 2000), 3), SyncShard.Of(new string('k', 2000), 3));
    }

    [Fact]
    public void Owns_OneShard_OwnsEverything()
    {
        Assert.True(SyncShard.All.Owns("anything"));
    }
}
