using System.Text;
using System.Text.Json;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Upload;

/// <summary>
/// The options of <see cref="BaseUploadRequest"/> reach S3: each is asserted on the request that stores the object
/// (PutObject, or CreateMultipartUpload) and read back from moto with boto3 or the SDK.
/// </summary>
[Collection(MotoCollection.Name)]
public sealed class UploadOptionsTests(MotoServer moto)
{
    private const int MiB = 1024 * 1024;
    private const string MotoAccount = "123456789012";

    public static TheoryData<bool> SingleAndMultipart => new() { false, true };

    [Theory]
    [MemberData(nameof(SingleAndMultipart))]
    public async Task UploadAsync_EncryptionStorageClassTagsAndHeaders_AreSentAndStored(bool multipart)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string context = Convert.ToBase64String(Encoding.UTF8.GetBytes("{\"team\":\"data\"}"));
        var request = Request(s3, multipart);
        request.StorageClass = S3StorageClass.StandardInfrequentAccess;
        request.ServerSideEncryptionMethod = ServerSideEncryptionMethod.AWSKMS;
        request.ServerSideEncryptionKeyManagementServiceKeyId = "test-key";
        request.SSEKMSEncryptionContext = context;
        request.BucketKeyEnabled = true;
        request.TagSet = [new Tag { Key = "team", Value = "data" }, new Tag { Key = "tier", Value = "2" }];
        request.Headers.CacheControl = "max-age=60";
        request.Headers.ContentDisposition = "attachment; filename=\"r.csv\"";
        request.Headers.ContentEncoding = "identity";
        request.Headers.ContentLanguage = "fr";
        request.Headers.Expires = new DateTime(2030, 1, 2, 3, 4, 5, DateTimeKind.Utc);
        request.WebsiteRedirectLocation = "/elsewhere";
        using TransferUtility utility = s3.CreateUtility(Config());

        TransferUtilityUploadResponse response = await utility.UploadWithResponseAsync(request);

        Assert.Equal(ServerSideEncryptionMethod.AWSKMS, response.ServerSideEncryptionMethod);
        Assert.Equal("test-key", response.ServerSideEncryptionKeyManagementServiceKeyId);
        Assert.Equal((s3.BucketName, "k"), (response.BucketName, response.Key));
        RequestRecord sent = StoreRequest(s3, multipart);
        Assert.Equal("STANDARD_IA", sent.Header("x-amz-storage-class"));
        Assert.Equal("aws:kms", sent.Header("x-amz-server-side-encryption"));
        Assert.Equal("test-key", sent.Header("x-amz-server-side-encryption-aws-kms-key-id"));
        Assert.Equal(context, sent.Header("x-amz-server-side-encryption-context"));
        Assert.Equal("true", sent.Header("x-amz-server-side-encryption-bucket-key-enabled"));
        Assert.Equal("team=data&tier=2", sent.Header("x-amz-tagging"));
        Assert.Equal("max-age=60", sent.Header("Cache-Control"));
        Assert.Equal("fr", sent.Header("Content-Language"));
        Assert.Equal("/elsewhere", sent.Header("x-amz-website-redirect-location"));
        JsonElement head = await Boto3HeadReader.HeadAsync(moto, s3.BucketName, "k");
        Assert.Equal("STANDARD_IA", head.Text("StorageClass"));
        Assert.Equal("aws:kms", head.Text("ServerSideEncryption"));
        Assert.Equal("test-key", head.Text("SSEKMSKeyId"));
        Assert.Equal("max-age=60", head.Text("CacheControl"));
        Assert.Equal("attachment; filename=\"r.csv\"", head.Text("ContentDisposition"));
        // moto stores the SDK's "aws-chunked" beside the caller's encoding (S3 strips it); the caller's must be there.
        Assert.StartsWith("identity", head.Text("ContentEncoding"), StringComparison.Ordinal);
        Assert.Equal("fr", head.Text("ContentLanguage"));
        Assert.StartsWith("2030-01-02 03:04:05", head.Text("Expires"), StringComparison.Ordinal);
        Assert.Equal("data", head.GetProperty("Tags").GetProperty("team").GetString());
        Assert.Equal("2", head.GetProperty("Tags").GetProperty("tier").GetString());
    }

    [Theory]
    [MemberData(nameof(SingleAndMultipart))]
    public async Task UploadAsync_CannedAcl_IsSentAndStored(bool multipart)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = Request(s3, multipart);
        request.CannedACL = S3CannedACL.PublicRead;
        using TransferUtility utility = s3.CreateUtility(Config());

        await utility.UploadAsync(request);

        Assert.Equal("public-read", StoreRequest(s3, multipart).Header("x-amz-acl"));
        GetObjectAclResponse acl = await s3.SetupClient.GetObjectAclAsync(new GetObjectAclRequest { BucketName = s3.BucketName, Key = "k" });
        Assert.Contains(acl.Grants, g => g.Grantee.URI?.EndsWith("/AllUsers", StringComparison.Ordinal) == true && g.Permission == S3Permission.READ);
    }

    [Theory]
    [MemberData(nameof(SingleAndMultipart))]
    public async Task UploadAsync_ObjectLock_IsSentAndStored(bool multipart)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string bucket = "lock-" + Guid.NewGuid().ToString("N")[..20];
        await s3.SetupClient.PutBucketAsync(new PutBucketRequest { BucketName = bucket, ObjectLockEnabledForBucket = true });
        var retainUntil = new DateTime(2031, 5, 6, 7, 8, 9, DateTimeKind.Utc);
        var request = Request(s3, multipart);
        request.BucketName = bucket;
        request.ObjectLockMode = ObjectLockMode.Governance;
        request.ObjectLockRetainUntilDate = retainUntil;
        request.ObjectLockLegalHoldStatus = ObjectLockLegalHoldStatus.On;
        using TransferUtility utility = s3.CreateUtility(Config());

        await utility.UploadAsync(request);

        RequestRecord sent = StoreRequest(s3, multipart);
        Assert.Equal("GOVERNANCE", sent.Header("x-amz-object-lock-mode"));
        Assert.Equal("ON", sent.Header("x-amz-object-lock-legal-hold"));
        Assert.StartsWith("2031-05-06T07:08:09", sent.Header("x-amz-object-lock-retain-until-date"), StringComparison.Ordinal);
        if (multipart)
        {
            // moto 5.2 drops CreateMultipartUpload's lock headers; S3 stores them. The wire is all that can be shown.
            return;
        }

        JsonElement head = await Boto3HeadReader.HeadAsync(moto, bucket, "k");
        Assert.Equal("GOVERNANCE", head.Text("ObjectLockMode"));
        Assert.Equal("ON", head.Text("ObjectLockLegalHoldStatus"));
        Assert.StartsWith("2031-05-06 07:08:09", head.Text("ObjectLockRetainUntilDate"), StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(SingleAndMultipart))]
    public async Task UploadAsync_ExpectedBucketOwnerAndRequestPayer_GoOnEveryRequest(bool multipart)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = Request(s3, multipart);
        request.ExpectedBucketOwner = MotoAccount;
        request.RequestPayer = RequestPayer.Requester;
        using TransferUtility utility = s3.CreateUtility(Config());

        await utility.UploadAsync(request);

        Assert.Equal(multipart ? 4 : 1, s3.Handler.Requests.Count);
        Assert.All(s3.Handler.Requests, r =>
        {
            Assert.Equal(MotoAccount, r.Header("x-amz-expected-bucket-owner"));
            Assert.Equal("requester", r.Header("x-amz-request-payer"));
        });
        Assert.Equal(TestData.Sha256(Content(multipart)), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    [Theory]
    [MemberData(nameof(SingleAndMultipart))]
    public async Task UploadAsync_CustomerKey_GoesOnEveryRequestThatCarriesOrCompletesBytes(bool multipart)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        var request = Request(s3, multipart);
        request.ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256;
        request.ServerSideEncryptionCustomerProvidedKey = CustomerKey.Key;
        using TransferUtility utility = s3.CreateUtility(Config());

        await utility.UploadAsync(request);

        Assert.Equal(multipart ? 4 : 1, s3.Handler.Requests.Count);
        Assert.All(s3.Handler.Requests, r =>
        {
            Assert.Equal("AES256", r.Header("x-amz-server-side-encryption-customer-algorithm"));
            Assert.Equal(CustomerKey.Key, r.Header("x-amz-server-side-encryption-customer-key"));
            Assert.Equal(CustomerKey.KeyMd5, r.Header("x-amz-server-side-encryption-customer-key-MD5"));
        });
    }

    [Theory]
    [MemberData(nameof(SingleAndMultipart))]
    public async Task UploadAsync_IfNoneMatchOnAnExistingKey_FailsWith412AndKeepsTheObject(bool multipart)
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("k", [1, 2, 3]);
        var request = Request(s3, multipart);
        request.IfNoneMatch = "*";
        using TransferUtility utility = s3.CreateUtility(Config());

        AmazonS3Exception error = await Assert.ThrowsAsync<AmazonS3Exception>(() => utility.UploadAsync(request));

        Assert.Equal(System.Net.HttpStatusCode.PreconditionFailed, error.StatusCode);
        Assert.Equal("*", s3.Handler.Requests.Single(r => multipart ? r.HasQuery("uploadId") && r.Method == "POST" : r.Method == "PUT").Header("If-None-Match"));
        Assert.Equal(TestData.Sha256([1, 2, 3]), await Boto3Reader.Sha256Async(moto, s3.BucketName, "k"));
    }

    private static TransferUtilityConfig Config() => new() { MinSizeBeforePartUpload = 5 * MiB };

    private static byte[] Content(bool multipart) => TestData.Payload(multipart ? (6 * MiB) + 5 : 4000);

    private static TransferUtilityUploadRequest Request(S3TestContext s3, bool multipart) => new()
    {
        BucketName = s3.BucketName,
        Key = "k",
        InputStream = new MemoryStream(Content(multipart)),
        PartSize = 5 * MiB,
        ContentType = "text/csv",
    };

    /// <summary>The request that stored the object's options: the PutObject, or the CreateMultipartUpload.</summary>
    private static RequestRecord StoreRequest(S3TestContext s3, bool multipart) =>
        s3.Handler.Requests.Single(r => multipart ? r.Method == "POST" && r.HasQuery("uploads") : r.Method == "PUT");
}
