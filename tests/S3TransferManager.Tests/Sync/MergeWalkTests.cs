using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

public sealed class MergeWalkTests
{
    [Fact]
    public async Task PairAsync_TwoSortedSides_PairsEqualKeysAndLeavesTheRestAlone()
    {
        List<(string?, string?)> pairs = await PairsAsync(["a", "b/c", "d", "\U0001F600"], ["a-", "b/c", "\uFFFD", "\U0001F600"]);

        Assert.Equal([("a", null), (null, "a-"), ("b/c", "b/c"), ("d", null), (null, "\uFFFD"), ("\U0001F600", "\U0001F600")], pairs);
    }

    [Fact]
    public async Task PairAsync_SideOutOfOrder_Throws()
    {
        await Assert.ThrowsAsync<InvalidOperationException>(() => PairsAsync(["b", "a"], []));
    }

    [Fact]
    public async Task PairAsync_OneSideEmpty_EveryEntryAlone()
    {
        Assert.Equal([(null, "x"), (null, "y")], await PairsAsync([], ["x", "y"]));
    }

    private static async Task<List<(string?, string?)>> PairsAsync(string[] source, string[] destination)
    {
        var pairs = new List<(string?, string?)>();
        await foreach ((SyncEntry? s, SyncEntry? d) in MergeWalk.PairAsync(Entries(source), Entries(destination), CancellationToken.None))
        {
            pairs.Add((s?.RelativeKey, d?.RelativeKey));
        }

        return pairs;
    }

    private static async IAsyncEnumerable<SyncEntry> Entries(string[] keys)
    {
        foreach (string key in keys)
        {
            await Task.Yield();
            yield return new SyncEntry(key, key, 1, DateTime.UnixEpoch);
        }
    }
}
