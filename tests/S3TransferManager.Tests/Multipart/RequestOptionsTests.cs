using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Multipart;

namespace S3TransferManager.Tests.Multipart;

public sealed class RequestOptionsTests
{
    [Fact]
    public void ContentTypeOf_OnlyTheHeaderIsSet_UsesTheHeader()
    {
        var request = new TransferUtilityUploadRequest();
        request.Headers.ContentType = "text/csv";

        Assert.Equal("text/csv", RequestOptions.ContentTypeOf(request, multipart: false));
    }

    [Theory]
    [InlineData("/data/site.css", "k", false, "text/css")]
    [InlineData("/data/site.CSS", "k", true, "text/css")]
    [InlineData(null, "notes.txt", false, "text/plain")]
    [InlineData(null, "photo.jpg", true, "image/jpeg")]
    [InlineData("/data/file", "page.html", false, "text/html")]
    [InlineData("/data/a.unknownext", "k", false, "application/octet-stream")]
    [InlineData(null, "no-extension", false, "text/plain")]
    [InlineData(null, "no-extension", true, "application/octet-stream")]
    [InlineData(null, "dir.d/no-extension", true, "application/octet-stream")]
    public void ContentTypeOf_NoneGiven_InferredAsTheAwsSdkDoes(string? filePath, string key, bool multipart, string expected)
    {
        var request = new TransferUtilityUploadRequest { FilePath = filePath, Key = key };

        Assert.Equal(expected, RequestOptions.ContentTypeOf(request, multipart));
    }

    [Fact]
    public void ApplyTo_CallersHeadersIncludeContentLength_KeepsTheCommandsOwn()
    {
        var request = new TransferUtilityUploadRequest { ContentType = "text/plain" };
        request.Headers.ContentLength = 5;
        request.Headers.CacheControl = "no-cache";
        var put = new PutObjectRequest();
        put.Headers.ContentLength = 99;

        RequestOptions.ApplyTo(request, put);

        Assert.Equal(99, put.Headers.ContentLength);
        Assert.Equal("no-cache", put.Headers.CacheControl);
        Assert.Equal("text/plain", put.ContentType);
    }

    [Fact]
    public void ApplyTo_CompleteWithCustomerKeyAndNoMd5_SendsTheKeysMd5()
    {
        byte[] key = new byte[32];
        var request = new TransferUtilityUploadRequest
        {
            ServerSideEncryptionCustomerMethod = ServerSideEncryptionCustomerMethod.AES256,
            ServerSideEncryptionCustomerProvidedKey = Convert.ToBase64String(key),
        };
        var complete = new CompleteMultipartUploadRequest();

        RequestOptions.ApplyTo(request, complete);

        Assert.Equal("AES256", complete.SSECustomerAlgorithm);
        Assert.Equal(Convert.ToBase64String(System.Security.Cryptography.MD5.HashData(key)), complete.SSECustomerKeyMD5);
    }
}
