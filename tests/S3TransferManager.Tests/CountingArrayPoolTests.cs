using Xunit.Sdk;

namespace S3TransferManager.Tests.TestSupport;

public sealed class CountingArrayPoolTests
{
    [Fact]
    public void Rent_AboveLimit_ThrowsAndIsRecorded()
    {
        using var pool = new CountingArrayPool();

        Assert.Throws<InvalidOperationException>(() => pool.Rent(65_537));
        Assert.Single(pool.Violations);
        pool.ForgetOutstanding();
    }

    [Fact]
    public void Return_Twice_ThrowsAndFailsAssertAllReturned()
    {
        using var pool = new CountingArrayPool();
        byte[] array = pool.Rent(100);
        pool.Return(array);

        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.ThrowsAny<XunitException>(pool.AssertAllReturned);
        pool.ForgetOutstanding();
    }

    [Fact]
    public void Return_ForeignArray_Throws()
    {
        using var pool = new CountingArrayPool();

        Assert.Throws<InvalidOperationException>(() => pool.Return(new byte[16]));
        pool.ForgetOutstanding();
    }

    [Fact]
    public void AssertAllReturned_ArrayOutstanding_Fails()
    {
        using var pool = new CountingArrayPool();
        pool.Rent(100);

        Assert.ThrowsAny<XunitException>(pool.AssertAllReturned);
        pool.ForgetOutstanding();
    }

    [Fact]
    public void Dispose_ArrayOutstanding_FailsNamingTheRentSite()
    {
        var pool = new CountingArrayPool();
        RentAndForget(pool);

        XunitException failure = Assert.ThrowsAny<XunitException>(pool.Dispose);

        Assert.Contains("1 array(s) (128 bytes) not returned", failure.Message, StringComparison.Ordinal);
        Assert.Contains(nameof(RentAndForget), failure.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Dispose_AfterViolation_Fails()
    {
        var pool = new CountingArrayPool();
        Assert.Throws<InvalidOperationException>(() => pool.Return(new byte[16]));

        Assert.ThrowsAny<XunitException>(pool.Dispose);
    }

    [Fact]
    public void Dispose_EverythingReturned_Passes()
    {
        var pool = new CountingArrayPool();
        pool.Return(pool.Rent(100));

        pool.Dispose();

        Assert.Equal(0, pool.OutstandingCount);
    }

    [Fact]
    public void ForgetOutstanding_AfterLeak_LetsDisposePass()
    {
        var pool = new CountingArrayPool();
        pool.Rent(100);

        pool.ForgetOutstanding();
        pool.Dispose();

        Assert.Equal(1, pool.RentCount);
    }

    [Fact]
    public void MaxOutstandingBytes_AfterRentsAndReturns_KeepsThePeak()
    {
        using var pool = new CountingArrayPool(maxRentLength: 1024);
        byte[] first = pool.Rent(1024);
        byte[] second = pool.Rent(1024);
        pool.Return(first);
        pool.Return(second);

        Assert.Equal(2048, pool.MaxOutstandingBytes);
        Assert.Equal(0, pool.OutstandingBytes);
        Assert.Equal(2, pool.RentCount);
        Assert.Equal(2, pool.ReturnCount);
    }

    // Not inlined, so the rent's stack names this method.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static void RentAndForget(CountingArrayPool pool) => pool.Rent(128);
}
