using System.Net;
using S3TransferManager.IntegrationTests.Directories;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.Copy;

/// <summary>Directory copies of trees the AWS CLI wrote, read back by boto3, on moto.</summary>
[Collection(MotoCollection.Name)]
public sealed class CopyDirectoryTests(MotoServer moto)
{
    private const long FiveMiB = 5L * 1024 * 1024;

    [Fact]
    public async Task CopyDirectoryWithResponseAsync_TreeTheAwsCliWrote_EveryObjectByteExactUnderTheNewPrefixOfAnotherBucket()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        string otherBucket = "o-" + Guid.NewGuid().ToString("N")[..20];
        await s3.SetupClient.PutBucketAsync(otherBucket);
        Dictionary<string, string> expected = DirectoryTree.Write(s3.PathFor("tree"),
        [
            ("empty.bin", []),
            ("nested/deeper/leaf.txt", TestData.Payload(4321)),
            ("with space/ünïcødé.dat", TestData.Payload(2048, seed: 4)),
            ("big/multipart.bin", TestData.Payload((int)(2 * FiveMiB) + 12345, seed: 5)),
            .. DirectoryTree.SmallFiles(40),
        ]);
        await AwsCli.RunAsync(moto, "s3", "cp", "--recursive", "--only-show-errors", s3.PathFor("tree"), $"s3://{s3.BucketName}/photos/");
        // A sibling the prefix must not take in: "photos" means the folder photos/.
        await s3.PutAsync("photos2/not-me.txt", [1, 2, 3]);
        using TransferUtility utility = s3.CreateUtility(new TransferUtilityConfig { MinSizeBeforePartUpload = FiveMiB });

        TransferUtilityCopyDirectoryResponse response = await utility.CopyDirectoryWithResponseAsync(s3.BucketName, "photos", otherBucket, "archive/2026")
            .WaitAsync(TimeSpan.FromMinutes(3));

        Dictionary<string, string> copied = await Boto3PrefixReader.Sha256ByKeyAsync(moto, otherBucket, "");
        Assert.Equal(expected.OrderBy(p => p.Key), copied.Select(p => KeyValuePair.Create(p.Key["archive/2026/".Length..], p.Value)).OrderBy(p => p.Key));
        Assert.Equal((expected.Count, 0L, DirectoryResult.Success), (response.ObjectsCopied, response.ObjectsFailed, response.Result));
    }

    [Fact]
    public async Task CopyDirectoryWithResponseAsync_SmallObjects_OneListAndOneCopyObjectEachNoHead()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(50, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        using TransferUtility utility = s3.CreateUtility();
        s3.Handler.Reset();

        await utility.CopyDirectoryAsync(new TransferUtilityCopyDirectoryRequest
        {
            SourceBucket = s3.BucketName, SourcePrefix = "dir", DestinationBucket = s3.BucketName, DestinationPrefix = "copy",
        }).WaitAsync(TimeSpan.FromMinutes(2));

        IReadOnlyList<RequestRecord> requests = s3.Handler.Requests;
        Assert.Equal(1, requests.Count(r => r.IsGet && r.HasQuery("list-type")));
        Assert.Equal(50, requests.Count(r => r.Method == "PUT" && r.Header("x-amz-copy-source") is not null));
        Assert.Equal(51, requests.Count);
    }

    [Fact]
    public async Task CopyDirectoryWithResponseAsync_ContinueOnFailure_OtherObjectsCopiedFailureReportedAndEvented()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(10, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        using TransferUtility utility = s3.CreateUtility();
        s3.Handler.FaultRule = r => r.Uri.AbsolutePath.EndsWith("/copy/f0003.bin", StringComparison.Ordinal)
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied")
            : null;
        var failed = new List<string>();
        TransferUtilityCopyDirectoryResponse? completed = null;
        var request = new TransferUtilityCopyDirectoryRequest
        {
            SourceBucket = s3.BucketName, SourcePrefix = "dir/", DestinationBucket = s3.BucketName, DestinationPrefix = "copy/",
            FailurePolicy = FailurePolicy.ContinueOnFailure,
        };
        request.ObjectCopyFailedEvent += (_, e) => failed.Add(e.ObjectRequest.DestinationKey!);
        request.CopyDirectoryCompletedEvent += (_, e) => completed = e.Response;

        TransferUtilityCopyDirectoryResponse response = await utility.CopyDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(2));

        Assert.Equal((9L, 1L, DirectoryResult.PartialSuccess), (response.ObjectsCopied, response.ObjectsFailed, response.Result));
        Assert.Equal(["copy/f0003.bin"], failed);
        Assert.Same(response, completed);
        Assert.Equal(9, (await Boto3PrefixReader.Sha256ByKeyAsync(moto, s3.BucketName, "copy/")).Count);
    }

    [Fact]
    public async Task CopyDirectoryWithResponseAsync_AbortOnFailure_ThrowsTheObjectsErrorAndRaisesFailed()
    {
        await using S3TestContext s3 = await S3TestContext.CreateAsync(moto);
        foreach ((string key, byte[] content) in DirectoryTree.SmallFiles(10, "dir"))
        {
            await s3.PutAsync(key, content);
        }

        using TransferUtility utility = s3.CreateUtility();
        s3.Handler.FaultRule = r => r.Uri.AbsolutePath.EndsWith("/copy/f0003.bin", StringComparison.Ordinal)
            ? new Fault.Status(HttpStatusCode.Forbidden, "AccessDenied")
            : null;
        Exception? raised = null;
        var request = new TransferUtilityCopyDirectoryRequest
        {
            SourceBucket = s3.BucketName, SourcePrefix = "dir/", DestinationBucket = s3.BucketName, DestinationPrefix = "copy/",
        };
        request.CopyDirectoryFailedEvent += (_, e) => raised = e.Exception;

        Amazon.S3.AmazonS3Exception error = await Assert.ThrowsAsync<Amazon.S3.AmazonS3Exception>(
            () => utility.CopyDirectoryWithResponseAsync(request).WaitAsync(TimeSpan.FromMinutes(2)));

        Assert.Equal("AccessDenied", error.ErrorCode);
        Assert.Same(error, raised);
    }

    [Fact]
    public void CopyDirectoryWithResponseAsync_DestinationInsideTheSourcePrefix_ArgumentExceptionBeforeAnyRequest()
    {
        using var client = S3TestContext.CreateClient(moto.ServiceUrl, httpClientFactory: null);
        using var utility = new TransferUtility(client);

        Assert.Throws<ArgumentException>(() =>
        {
            _ = utility.CopyDirectoryWithResponseAsync("b", "data", "b", "data/backup");
        });
    }
}
