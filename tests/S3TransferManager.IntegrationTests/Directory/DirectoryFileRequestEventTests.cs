using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Directories;

/// <summary>The per-file request hooks: what a handler changes on a file's request is what is sent for it.</summary>
[Collection(MotoCollection.Name)]
public sealed class DirectoryFileRequestEventTests(MotoServer moto)
{
    [Fact]
    public async Task UploadDirectoryAsync_FileRequestHookAddsMetadata_EveryPutCarriesIt()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string source = s3.PathFor("source");
        DirectoryTree.Write(source, [("a.txt", TestData.Payload(10)), ("sub/b.txt", TestData.Payload(20))]);
        var request = new TransferUtilityUploadDirectoryRequest
        {
            BucketName = s3.BucketName, Directory = source, SearchOption = SearchOption.AllDirectories,
        };
        request.UploadDirectoryFileRequestEvent += (_, e) => e.UploadRequest.Metadata["origin"] = e.UploadRequest.Key!;
        using TransferUtility utility = s3.CreateUtility();

        await utility.UploadDirectoryAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        RequestRecord[] puts = [.. s3.Handler.Requests.Where(r => r.Method == "PUT")];
        Assert.Equal(2, puts.Length);
        Assert.Equal(["a.txt", "sub/b.txt"], puts.Select(r => r.Header("x-amz-meta-origin")).Order(StringComparer.Ordinal));
        Assert.All(puts, r => Assert.EndsWith("/" + r.Header("x-amz-meta-origin"), r.Uri.AbsolutePath, StringComparison.Ordinal));
    }

    [Fact]
    public async Task DownloadDirectoryAsync_FileRequestHookSetsIfNoneMatch_EveryGetCarriesIt()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("d/a", TestData.Payload(100));
        await s3.PutAsync("d/b", TestData.Payload(200));
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = s3.BucketName, S3Directory = "d", LocalDirectory = s3.PathFor("out") };
        var keys = new System.Collections.Concurrent.ConcurrentBag<string>();
        request.DownloadDirectoryFileRequestEvent += (_, e) =>
        {
            keys.Add(e.DownloadRequest.Key!);
            e.DownloadRequest.IfNoneMatch = "\"hooked\"";
        };
        using TransferUtility utility = s3.CreateUtility();

        await utility.DownloadDirectoryAsync(request).WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal(["d/a", "d/b"], keys.Order(StringComparer.Ordinal));
        RequestRecord[] gets = [.. s3.Handler.Requests.Where(r => r.IsGet && !r.HasQuery("list-type"))];
        Assert.Equal(2, gets.Length);
        Assert.All(gets, r => Assert.Equal("\"hooked\"", r.Header("If-None-Match")));
    }

    [Fact]
    public async Task DownloadDirectoryWithResponseAsync_FileRequestHookThrows_ThatObjectFailsWithItsException()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        await s3.PutAsync("d/a", TestData.Payload(100));
        var request = new TransferUtilityDownloadDirectoryRequest
        {
            BucketName = s3.BucketName, S3Directory = "d", LocalDirectory = s3.PathFor("out"),
            FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        request.DownloadDirectoryFileRequestEvent += (_, _) => throw new InvalidOperationException("hook");
        using TransferUtility utility = s3.CreateUtility();

        TransferUtilityDownloadDirectoryResponse response = await utility.DownloadDirectoryWithResponseAsync(request)
            .WaitAsync(TimeSpan.FromMinutes(1));

        Assert.Equal("hook", Assert.IsType<InvalidOperationException>(Assert.Single(response.Errors)).Message);
        Assert.DoesNotContain(s3.Handler.Requests, r => r.IsGet && !r.HasQuery("list-type"));
    }
}
