using Xunit.Sdk;

namespace S3TransferManager.Tests.TestSupport;

public sealed class CountingArrayPoolTests
{
    [Fact]
    public void Rent_AboveLimit_ThrowsAndIsRecorded()
    {
        var pool = new CountingArrayPool();

        Assert.Throws<InvalidOperationException>(() => pool.Rent(65_537));
        Assert.Single(pool.Violations);
    }

    [Fact]
    public void Return_Twice_ThrowsAndFailsAssertAllReturned()
    {
        var pool = new CountingArrayPool();
        byte[] array = pool.Rent(100);
        pool.Return(array);

        Assert.Throws<InvalidOperationException>(() => pool.Return(array));
        Assert.ThrowsAny<XunitException>(pool.AssertAllReturned);
    }

    [Fact]
    public void Return_ForeignArray_Throws()
    {
        var pool = new CountingArrayPool();

        Assert.Throws<InvalidOperationException>(() => pool.Return(new byte[16]));
    }

    [Fact]
    public void AssertAllReturned_ArrayOutstanding_Fails()
    {
        var pool = new CountingArrayPool();
        pool.Rent(100);

        Assert.ThrowsAny<XunitException>(pool.AssertAllReturned);
    }

    [Fact]
    public void MaxOutstandingBytes_AfterRentsAndReturns_KeepsThePeak()
    {
        var pool = new CountingArrayPool(maxRentLength: 1024);
        byte[] first = pool.Rent(1024);
        byte[] second = pool.Rent(1024);
        pool.Return(first);
        pool.Return(second);

        Assert.Equal(2048, pool.MaxOutstandingBytes);
        Assert.Equal(0, pool.OutstandingBytes);
        Assert.Equal(2, pool.RentCount);
        Assert.Equal(2, pool.ReturnCount);
        pool.AssertAllReturned();
    }
}
