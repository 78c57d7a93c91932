using System.Buffers;
using System.IO.Pipelines;

namespace S3TransferManager.Tests;

/// <summary>Responses an app builds by hand, as the AWS SDK's types allow (for its own tests and mocks).</summary>
public sealed class HandBuiltResponseTests
{
    [Fact]
    public void DirectoryResponse_Counts_GiveTheResultUnlessItIsSet()
    {
        var partial = new TransferUtilityUploadDirectoryResponse { ObjectsUploaded = 2, ObjectsFailed = 1 };
        var overridden = new TransferUtilityDownloadDirectoryResponse { ObjectsDownloaded = 2, Result = DirectoryResult.Failure };

        Assert.Equal((DirectoryResult.PartialSuccess, DirectoryResult.Failure), (partial.Result, overridden.Result));
        Assert.Empty(new TransferUtilityDownloadDirectoryResponse().Errors);
    }

    [Fact]
    public async Task OpenStreamResponse_GivenAStream_ReadsItThroughThePipeReader()
    {
        await using var response = new TransferUtilityOpenStreamResponse { ResponseStream = new MemoryStream([1, 2, 3]) };

        ReadResult read = await response.PipeReader.ReadAsync();
        while (!read.IsCompleted)
        {
            response.PipeReader.AdvanceTo(read.Buffer.Start, read.Buffer.End);
            read = await response.PipeReader.ReadAsync();
        }

        Assert.Equal([1, 2, 3], read.Buffer.ToArray());
    }

    [Fact]
    public async Task OpenStreamResponse_NothingSet_IsAnEmptyStream()
    {
        await using var response = new TransferUtilityOpenStreamResponse();

        Assert.Equal(-1, response.ResponseStream.ReadByte());
    }
}
