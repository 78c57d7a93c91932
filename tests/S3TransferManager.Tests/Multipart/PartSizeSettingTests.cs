namespace S3TransferManager.Tests.Multipart;

/// <summary>The PartSize of uploads, directory uploads and copies reads what the caller set: null while the library
/// sizes the parts, the number once one is set; a number out of range is still refused before any request.</summary>
public sealed class PartSizeSettingTests
{
    private const long MiB = 1024 * 1024;

    [Fact]
    public void PartSize_LeftUnset_ReadsNull()
    {
        Assert.Null(new TransferUtilityUploadRequest().PartSize);
        Assert.Null(new TransferUtilityUploadDirectoryRequest().PartSize);
        Assert.Null(new TransferUtilityCopyRequest().PartSize);
    }

    [Fact]
    public void PartSize_Set_ReadsTheNumberSet()
    {
        Assert.Equal(6 * MiB, new TransferUtilityUploadRequest { PartSize = 6 * MiB }.PartSize);
        Assert.Equal(6 * MiB, new TransferUtilityUploadDirectoryRequest { PartSize = 6 * MiB }.PartSize);
        Assert.Equal(6 * MiB, new TransferUtilityCopyRequest { PartSize = 6 * MiB }.PartSize);
    }

    [Fact]
    public void PartSize_SetBackToNull_IsAutomaticAgain()
    {
        var request = new TransferUtilityUploadRequest { PartSize = 6 * MiB };

        request.PartSize = null;

        Assert.Null(request.PartSize);
    }

    [Theory]
    [InlineData(5 * MiB - 1)]
    [InlineData((5 * 1024 * MiB) + 1)]
    public void UploadValidate_PartSizeOutOfRange_ThrowsArgumentOutOfRange(long partSize)
    {
        using var body = new MemoryStream(new byte[1]);
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", InputStream = body, PartSize = partSize };

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => request.Validate());

        Assert.Equal(nameof(TransferUtilityUploadRequest.PartSize), error.ParamName);
    }

    [Theory]
    [InlineData(5 * MiB - 1)]
    [InlineData((5 * 1024 * MiB) + 1)]
    public void CopyValidate_PartSizeOutOfRange_ThrowsArgumentOutOfRange(long partSize)
    {
        var request = new TransferUtilityCopyRequest
        {
            SourceBucket = "b", SourceKey = "k", DestinationBucket = "b", DestinationKey = "k2", PartSize = partSize,
        };

        var error = Assert.Throws<ArgumentOutOfRangeException>(() => request.Validate());

        Assert.Equal(nameof(TransferUtilityCopyRequest.PartSize), error.ParamName);
    }

    [Fact]
    public void UploadValidate_PartSizeUnset_Passes()
    {
        using var body = new MemoryStream(new byte[1]);
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", InputStream = body };

        request.Validate();

        Assert.Null(request.PartSize);
    }
}
