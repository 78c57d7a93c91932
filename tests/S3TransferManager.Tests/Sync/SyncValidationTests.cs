using Amazon.S3;
using Moq;

namespace S3TransferManager.Tests.Sync;

public sealed class SyncValidationTests
{
    public static TheoryData<string, Type> BadRequests => new()
    {
        { "both-source-kinds", typeof(ArgumentException) },
        { "no-destination", typeof(ArgumentException) },
        { "local-to-local", typeof(ArgumentException) },
        { "shard-index-too-big", typeof(ArgumentOutOfRangeException) },
        { "shard-count-zero", typeof(ArgumentOutOfRangeException) },
        { "missing-source-folder", typeof(DirectoryNotFoundException) },
        { "overlapping-prefixes", typeof(ArgumentException) },
    };

    [Theory]
    [MemberData(nameof(BadRequests))]
    public async Task SyncWithResponseAsync_BadRequest_TypedErrorAndNoRequest(string name, Type expected)
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        using var utility = new TransferUtility(s3.Object);
        TransferUtilitySyncRequest request = name switch
        {
            "both-source-kinds" => new() { SourceDirectory = ".", SourceBucket = "b", DestinationBucket = "c" },
            "no-destination" => new() { SourceBucket = "b" },
            "local-to-local" => new() { SourceDirectory = ".", DestinationDirectory = "x" },
            "shard-index-too-big" => new() { SourceBucket = "b", DestinationBucket = "c", ShardIndex = 3, ShardCount = 3 },
            "shard-count-zero" => new() { SourceBucket = "b", DestinationBucket = "c", ShardCount = 0 },
            "missing-source-folder" => new() { SourceDirectory = Path.Combine(Path.GetTempPath(), Guid.NewGuid().ToString("N")), DestinationBucket = "c" },
            _ => new() { SourceBucket = "b", SourcePrefix = "a", DestinationBucket = "b", DestinationPrefix = "a/b" },
        };

        Exception error = await Record.ExceptionAsync(() => utility.SyncWithResponseAsync(request));

        Assert.IsType(expected, error);
        s3.VerifyNoOtherCalls();
    }
}
