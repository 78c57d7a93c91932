using Amazon.S3;
using Amazon.S3.Model;

namespace S3TransferManager.Tests.Upload;

public sealed class UploadRequestTests
{
    [Fact]
    public void Validate_AutoResetStreamPositionOnAStreamAtItsEnd_RewindsIt()
    {
        var stream = new MemoryStream(new byte[10]) { Position = 10 };
        var request = new TransferUtilityUploadRequest { BucketName = "b", Key = "k", InputStream = stream, AutoResetStreamPosition = true };

        request.Validate();

        Assert.Equal(0, stream.Position);
    }

    [Fact]
    public void EffectiveChecksumAlgorithm_ObjectLockWithoutAlgorithm_IsCrc32()
    {
        var request = new TransferUtilityUploadRequest { ObjectLockLegalHoldStatus = ObjectLockLegalHoldStatus.On };

        Assert.Equal(ChecksumAlgorithm.CRC32, request.EffectiveChecksumAlgorithm);
    }
}
