using System.Globalization;
using System.Net;
using System.Security.Cryptography;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;
using S3TransferManager.Telemetry;
using S3TransferManager.Tests.Fakes;
using S3TransferManager.Upload;

namespace S3TransferManager.Tests.Upload;

/// <summary>A CompleteMultipartUpload answered 200 with an empty ETag (Ceph RGW 16 stores the object and answers so) is
/// confirmed with one HEAD: the object's size, and its multipart ETag or its stored checksum, must be the upload's.</summary>
public sealed class CompletionWithoutETagTests
{
    private const int MiB = 1024 * 1024;
    private const int Length = (2 * 8 * MiB) + 5;

    [Fact]
    public async Task ExecuteAsync_HeadShowsTheMultipartETagOfTheParts_SucceedsWithTheHeadsETagLoggedAndNoAbort()
    {
        var s3 = Md5Parts(new FakeUploadS3(completeETag: ""));
        Head(s3, () => new GetObjectMetadataResponse { ContentLength = Length, ETag = $"\"{MultipartETagOf(s3.Completed!)}\"" });
        var logger = new ListLogger();

        TransferUtilityUploadResponse response = await RunAsync(s3, logger, new TransferUtilityUploadRequest { DisableDefaultChecksumValidation = true });

        Assert.Equal($"\"{MultipartETagOf(s3.Completed!)}\"", response.ETag);
        Assert.Equal(0, s3.Aborts);
        Assert.Contains(logger.Lines, l => l.EventId == LogEvents.CompletionConfirmedByHead && l.Message.Contains(response.ETag!, StringComparison.Ordinal));
    }

    [Fact]
    public async Task ExecuteAsync_PartETagsAreNotMd5sAndTheHeadShowsTheUploadsChecksum_Succeeds()
    {
        var s3 = new FakeUploadS3(completeETag: null);
        GetObjectMetadataRequest? sent = null;
        Head(s3, () => new GetObjectMetadataResponse
        {
            ContentLength = Length, ETag = "\"stored-3\"", ChecksumCRC32 = s3.Completed!.ChecksumCRC32, ChecksumType = ChecksumType.FULL_OBJECT,
        }, r => sent = r);

        TransferUtilityUploadResponse response = await RunAsync(s3, new ListLogger(), new TransferUtilityUploadRequest());

        Assert.Equal("\"stored-3\"", response.ETag);
        Assert.Equal(ChecksumMode.ENABLED, sent!.ChecksumMode);
        Assert.Equal(0, s3.Aborts);
    }

    [Fact]
    public async Task ExecuteAsync_SseCustomerKey_TheHeadCarriesTheUploadsKey()
    {
        var s3 = Md5Parts(new FakeUploadS3(completeETag: ""));
        GetObjectMetadataRequest? sent = null;
        Head(s3, () => new GetObjectMetadataResponse { ContentLength = Length, ETag = $"\"{MultipartETagOf(s3.Completed!)}\"" }, r => sent = r);
        string key = Convert.ToBase64String(new byte[32]);

        await RunAsync(s3, new ListLogger(), new TransferUtilityUploadRequest
        {
            ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256, ServerSideEncryptionCustomerProvidedKey = key,
        });

        Assert.Equal((ServerSideEncryptionCustomerMethod.AES256, key), (sent!.ServerSideEncryptionCustomerMethod, sent.ServerSideEncryptionCustomerProvidedKey));
        Assert.False(string.IsNullOrEmpty(sent.ServerSideEncryptionCustomerProvidedKeyMD5));
    }

    [Fact]
    public async Task ExecuteAsync_HeadShowsAnotherObjectOfTheSameSize_ThrowsSayingTheObjectMayExist()
    {
        var s3 = Md5Parts(new FakeUploadS3(completeETag: ""));
        Head(s3, () => new GetObjectMetadataResponse { ContentLength = Length, ETag = "\"0123456789abcdef0123456789abcdef-3\"" });

        var error = await Assert.ThrowsAsync<UnexpectedResponseException>(() => RunAsync(s3, new ListLogger(), new TransferUtilityUploadRequest()));

        Assert.Contains("may exist under that key", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExecuteAsync_HeadShowsAnotherSize_ThrowsSayingTheObjectMayExist()
    {
        var s3 = Md5Parts(new FakeUploadS3(completeETag: ""));
        Head(s3, () => new GetObjectMetadataResponse { ContentLength = Length - 1, ETag = $"\"{MultipartETagOf(s3.Completed!)}\"" });

        var error = await Assert.ThrowsAsync<UnexpectedResponseException>(() => RunAsync(s3, new ListLogger(), new TransferUtilityUploadRequest()));

        Assert.Contains("may exist under that key", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ExecuteAsync_HeadAnswered404_ThrowsSayingTheObjectMayExist()
    {
        var s3 = Md5Parts(new FakeUploadS3(completeETag: ""));
        s3.Mock.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(new AmazonS3Exception("Not Found") { StatusCode = HttpStatusCode.NotFound, ErrorCode = "NotFound" });

        var error = await Assert.ThrowsAsync<UnexpectedResponseException>(() => RunAsync(s3, new ListLogger(), new TransferUtilityUploadRequest()));

        Assert.Contains("404", error.Message, StringComparison.Ordinal);
    }

    /// <summary>Parts whose ETags are MD5s, as S3's and Ceph's are for unencrypted parts.</summary>
    private static FakeUploadS3 Md5Parts(FakeUploadS3 s3)
    {
        s3.PartETag = static n => $"\"{Convert.ToHexStringLower(MD5.HashData([(byte)n]))}\"";
        return s3;
    }

    private static void Head(FakeUploadS3 s3, Func<GetObjectMetadataResponse> answer, Action<GetObjectMetadataRequest>? seen = null) =>
        s3.Mock.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((GetObjectMetadataRequest r, CancellationToken _) =>
            {
                seen?.Invoke(r);
                return answer();
            });

    /// <summary>S3's multipart ETag of the parts Complete listed, computed here apart from the library.</summary>
    private static string MultipartETagOf(CompleteMultipartUploadRequest complete)
    {
        byte[] digests = [.. complete.PartETags.SelectMany(p => Convert.FromHexString(p.ETag.Trim('"')))];
        return string.Create(CultureInfo.InvariantCulture, $"{Convert.ToHexStringLower(MD5.HashData(digests))}-{complete.PartETags.Count}");
    }

    private static Task<TransferUtilityUploadResponse> RunAsync(FakeUploadS3 s3, ListLogger logger, TransferUtilityUploadRequest request)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2 }.Validated();
        request.BucketName = "b";
        request.Key = "k";
        request.InputStream = new MemoryStream(TestData.Bytes(Length));
        request.PartSize = 8 * MiB;
        request.Validate();
        return new UploadCommand(new TransferResources(s3.Mock.Object, config, logger), request).ExecuteAsync(CancellationToken.None);
    }
}
