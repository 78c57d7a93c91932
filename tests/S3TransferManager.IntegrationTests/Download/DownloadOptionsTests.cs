using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Download;

/// <summary>
/// The options of <see cref="DownloadRequestBase"/> go on every GET of a download: discovery, parts and resumes.
/// moto does not encrypt SSE-C objects (nor refuse a GET without the key), so the key is shown on the wire. The
/// downloads open with a range, so they have several GETs (moto answers part 1 by number with the whole object).
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class DownloadOptionsTests(MotoServer moto)
{
    private const int PartSize = 64 * 1024;
    private static readonly TransferUtilityConfig FastRetries = new() { InterruptedBodyRetryDelay = TimeSpan.FromMilliseconds(1) };

    [Fact]
    public async Task DownloadAsync_CustomerKeyWithABrokenPart_SendsTheKeyOnEveryGetIncludingTheResume()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadEncryptedAsync(s3, 3 * PartSize);
        string secondPart = $"bytes={PartSize}-{(2 * PartSize) - 1}";
        int faulted = 0;
        s3.Handler.FaultRule = r => r.Range == secondPart && Interlocked.Exchange(ref faulted, 1) == 0 ? new Fault.ResetAfter(1000) : null;
        using TransferUtility utility = s3.CreateRangedUtility(FastRetries);
        var request = new TransferUtilityDownloadRequest { BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("f"), PartSize = PartSize };
        WithCustomerKey(request);

        await utility.DownloadAsync(request);

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("f")));
        Assert.Single(s3.Handler.Requests, r => r.Range == $"bytes={PartSize + 1000}-{(2 * PartSize) - 1}");
        Assert.Equal(4, s3.Handler.Gets.Count);
        // The checksum HEAD too: S3 refuses any request for an SSE-C object without the key.
        Assert.All(s3.Handler.Requests, AssertCarriesCustomerKey);
    }

    [Fact]
    public async Task OpenStreamAsync_CustomerKeyWithABrokenPart_SendsTheKeyOnEveryGetIncludingTheResume()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = await UploadEncryptedAsync(s3, 3 * PartSize);
        int faulted = 0;
        s3.Handler.FaultRule = r => r.Range == $"bytes={2 * PartSize}-{(3 * PartSize) - 1}" && Interlocked.Exchange(ref faulted, 1) == 0
            ? new Fault.TruncateAfter(500)
            : null;
        using TransferUtility utility = s3.CreateRangedUtility(FastRetries);
        var request = new TransferUtilityOpenStreamRequest { BucketName = s3.BucketName, Key = "k", PartSize = PartSize };
        WithCustomerKey(request);

        var read = new MemoryStream();
        await using (Stream stream = await utility.OpenStreamAsync(request))
        {
            await stream.CopyToAsync(read);
        }

        Assert.Equal(content, read.ToArray());
        Assert.Single(s3.Handler.Requests, r => r.Range == $"bytes={(2 * PartSize) + 500}-{(3 * PartSize) - 1}");
        Assert.All(s3.Handler.Requests, AssertCarriesCustomerKey);
    }

    [Fact]
    public async Task DownloadAsync_ResponseHeaderOverrides_AskedOnEveryGet()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", TestData.Payload(2 * PartSize));
        using TransferUtility utility = s3.CreateRangedUtility();

        await utility.DownloadAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("f"), PartSize = PartSize,
            ResponseHeaderOverrides = new ResponseHeaderOverrides { ContentType = "text/plain" },
        });

        // moto 5.2 ignores the overrides (S3 answers with them), so only the asking can be shown.
        Assert.Equal(2, s3.Handler.Gets.Count);
        Assert.All(s3.Handler.Gets, r => Assert.Contains("response-content-type=text%2Fplain", r.Uri.Query, StringComparison.Ordinal));
    }

    [Fact]
    public async Task DownloadAsync_BucketOwnerPayerAndDates_SentOnEveryGet()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        byte[] content = TestData.Payload(2 * PartSize);
        await s3.PutAsync("k", content);
        using TransferUtility utility = s3.CreateRangedUtility();

        await utility.DownloadAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("f"), PartSize = PartSize,
            ExpectedBucketOwner = "123456789012",
            RequestPayer = RequestPayer.Requester,
            ModifiedSinceDate = new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc),
            UnmodifiedSinceDate = DateTime.UtcNow.AddDays(1),
        });

        Assert.Equal(content, await File.ReadAllBytesAsync(s3.PathFor("f")));
        Assert.Equal(2, s3.Handler.Gets.Count);
        Assert.All(s3.Handler.Gets, r =>
        {
            Assert.Equal("123456789012", r.Header("x-amz-expected-bucket-owner"));
            Assert.Equal("requester", r.Header("x-amz-request-payer"));
            Assert.Equal("Mon, 01 Jan 2001 00:00:00 GMT", r.Header("If-Modified-Since"));
            Assert.NotNull(r.Header("If-Unmodified-Since"));
        });
    }

    [Fact]
    public async Task DownloadAsync_UnmodifiedSinceBeforeTheObject_FailsWith412AndWritesNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", TestData.Payload(1000));
        using TransferUtility utility = s3.CreateRangedUtility();

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.DownloadAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("f"),
            UnmodifiedSinceDate = new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Utc),
        }));

        Assert.Equal(HttpStatusCode.PreconditionFailed, error.StatusCode);
        Assert.Empty(Directory.GetFiles(s3.Folder));
    }

    [Fact]
    public async Task DownloadAsync_IfNoneMatchTheCurrentETag_FailsNotModifiedAndWritesNothing()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string eTag = await s3.PutAsync("k", TestData.Payload(1000));
        using TransferUtility utility = s3.CreateRangedUtility();

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.DownloadAsync(new TransferUtilityDownloadRequest
        {
            BucketName = s3.BucketName, Key = "k", FilePath = s3.PathFor("f"), IfNoneMatch = eTag,
        }));

        Assert.Equal(HttpStatusCode.NotModified, error.StatusCode);
        Assert.Equal(eTag, Assert.Single(s3.Handler.Requests).Header("If-None-Match"));
        Assert.Empty(Directory.GetFiles(s3.Folder));
    }

    private static void WithCustomerKey(DownloadRequestBase request)
    {
        request.ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256;
        request.ServerSideEncryptionCustomerProvidedKey = CustomerKey.Key;
    }

    private static void AssertCarriesCustomerKey(RequestRecord r)
    {
        Assert.Equal("AES256", r.Header("x-amz-server-side-encryption-customer-algorithm"));
        Assert.Equal(CustomerKey.Key, r.Header("x-amz-server-side-encryption-customer-key"));
        Assert.Equal(CustomerKey.KeyMd5, r.Header("x-amz-server-side-encryption-customer-key-MD5"));
    }

    /// <summary>Stores an SSE-C object through the library, then forgets the upload's requests.</summary>
    private static async Task<byte[]> UploadEncryptedAsync(S3TestContext s3, int length)
    {
        byte[] content = TestData.Payload(length);
        using TransferUtility utility = s3.CreateRangedUtility();
        await utility.UploadAsync(new TransferUtilityUploadRequest
        {
            BucketName = s3.BucketName, Key = "k", InputStream = new MemoryStream(content),
            ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256,
            ServerSideEncryptionCustomerProvidedKey = CustomerKey.Key,
        });
        s3.Handler.Reset();
        return content;
    }
}
