using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Moq;
using S3TransferManager.IntegrationTests.Infrastructure;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Copy;

public sealed class CopyCommandTests
{
    private const long MiB = 1024 * 1024;
    private static readonly TimeSpan s_wait = TimeSpan.FromSeconds(30);

    [Fact]
    public async Task CopyWithResponseAsync_BelowThreshold_OneHeadThenOneCopyObjectPinnedToItsETag()
    {
        var s3 = new FakeCopyS3(TestData.Payload(1000));

        TransferUtilityCopyResponse response = await CopyAsync(s3, Request());

        CopyObjectRequest copy = Assert.Single(s3.CopyObjects);
        Assert.Equal(1, s3.HeadCount);
        Assert.Equal("\"src\"", copy.ETagToMatch);
        Assert.Equal(ChecksumAlgorithm.CRC64NVME, copy.ChecksumAlgorithm);
        Assert.Equal(S3MetadataDirective.COPY, copy.MetadataDirective);
        Assert.Equal(("sb", "sk", "db", "dk"), (copy.SourceBucket, copy.SourceKey, copy.DestinationBucket, copy.DestinationKey));
        Assert.Empty(s3.Parts);
        Assert.Equal((1000L, 0, "single"), (response.ContentLength, response.PartCount, response.ChecksumCRC64NVME));
    }

    [Fact]
    public async Task CopyWithResponseAsync_SourceReplacedBetweenHeadAndCopyObject_ObjectModified()
    {
        var s3 = new FakeCopyS3(TestData.Payload(1000));
        s3.Mock.Setup(s => s.CopyObjectAsync(It.IsAny<CopyObjectRequest>(), It.IsAny<CancellationToken>()))
            .ThrowsAsync(FakeCopyS3.PreconditionFailed());

        ObjectModifiedException error = await Assert.ThrowsAsync<ObjectModifiedException>(() => CopyAsync(s3, Request()));

        Assert.Equal(("sb", "sk", "\"src\""), (error.BucketName, error.Key, error.ExpectedETag));
    }

    [Fact]
    public async Task CopyWithResponseAsync_AboveThreshold_PartsCoverTheSourceExactlyEachPinnedToItsETag()
    {
        byte[] source = TestData.Payload((int)(12 * MiB) + 7);
        var s3 = new FakeCopyS3(source);

        TransferUtilityCopyResponse response = await CopyAsync(s3, Request(partSize: 5 * MiB));

        CopyPartRequest[] parts = [.. s3.Parts.OrderBy(p => p.PartNumber)];
        Assert.Equal([(0L, (5 * MiB) - 1), (5 * MiB, (10 * MiB) - 1), (10 * MiB, source.Length - 1L)],
            parts.Select(p => (p.FirstByte!.Value, p.LastByte!.Value)));
        Assert.All(parts, p => Assert.Equal(["\"src\""], p.ETagToMatch));
        Assert.All(parts, p => Assert.Equal("u1", p.UploadId));
        Assert.Equal([1, 2, 3], s3.Completed!.PartETags.Select(p => p.PartNumber!.Value));
        Assert.Equal((3, source.Length), (response.PartCount, response.ContentLength));
        Assert.Equal(0, s3.Aborts);
    }

    [Fact]
    public async Task CopyWithResponseAsync_PartsReportTheirCrc_CompleteCarriesTheWholeObjectsCrc64Nvme()
    {
        byte[] source = TestData.Payload((int)(11 * MiB) + 3);
        var s3 = new FakeCopyS3(source);

        TransferUtilityCopyResponse response = await CopyAsync(s3, Request(partSize: 5 * MiB));

        string expected = IndependentChecksums.Base64(ChecksumAlgorithm.CRC64NVME, source);
        Assert.Equal(expected, s3.Completed!.ChecksumCRC64NVME);
        Assert.Equal(ChecksumType.FULL_OBJECT, s3.Completed.ChecksumType);
        Assert.Equal(ChecksumAlgorithm.CRC64NVME, s3.Created!.ChecksumAlgorithm);
        Assert.Equal(ChecksumType.FULL_OBJECT, s3.Created.ChecksumType);
        Assert.Equal((expected, true), (response.ChecksumCRC64NVME, response.ChecksumComputedLocally));
    }

    [Fact]
    public async Task CopyWithResponseAsync_CompleteAnsweredWithAnEmptyETagAndTheHeadShowsTheWholeObjectsCrc_SucceedsWithTheHeadsETag()
    {
        byte[] source = TestData.Payload((int)(11 * MiB) + 3);
        var s3 = new FakeCopyS3(source) { CompleteETag = "" };
        s3.DestinationHead = r => new GetObjectMetadataResponse
        {
            ContentLength = source.Length, ETag = "\"stored-3\"", ChecksumCRC64NVME = IndependentChecksums.Base64(ChecksumAlgorithm.CRC64NVME, source),
            ChecksumType = ChecksumType.FULL_OBJECT,
        };

        TransferUtilityCopyResponse response = await CopyAsync(s3, Request(partSize: 5 * MiB));

        Assert.Equal("\"stored-3\"", response.ETag);
        Assert.Equal(("db", "dk", ChecksumMode.ENABLED), s3.Heads.Where(h => h.Key == "dk").Select(h => (h.BucketName, h.Key, h.ChecksumMode)).Single());
        Assert.Equal(0, s3.Aborts);
    }

    [Fact]
    public async Task CopyWithResponseAsync_CompleteAnsweredWithAnEmptyETagAndTheHeadShowsAnotherObject_ThrowsSayingTheObjectMayExist()
    {
        byte[] source = TestData.Payload((int)(11 * MiB) + 3);
        var s3 = new FakeCopyS3(source) { CompleteETag = "" };
        s3.DestinationHead = r => new GetObjectMetadataResponse { ContentLength = source.Length, ETag = "\"other-3\"", ChecksumCRC64NVME = "AAAAAAAAAAA=" };

        var error = await Assert.ThrowsAsync<UnexpectedResponseException>(() => CopyAsync(s3, Request(partSize: 5 * MiB)));

        Assert.Contains("may exist under that key", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task CopyWithResponseAsync_PartsReportNoCrc_CompleteCarriesNoneAndNothingIsFilledIn()
    {
        var s3 = new FakeCopyS3(TestData.Payload((int)(11 * MiB))) { PartChecksums = false };

        TransferUtilityCopyResponse response = await CopyAsync(s3, Request(partSize: 5 * MiB));

        Assert.Null(s3.Completed!.ChecksumCRC64NVME);
        Assert.Equal((null, false), (response.ChecksumCRC64NVME, response.ChecksumComputedLocally));
    }

    [Fact]
    public async Task CopyWithResponseAsync_SourceReplacedDuringTheParts_ObjectModifiedAndUploadAborted()
    {
        var s3 = new FakeCopyS3(TestData.Payload((int)(20 * MiB)));
        s3.BeforePart = (part, _) =>
        {
            if (part.PartNumber == 2)
            {
                s3.ETag = "\"replaced\"";
            }

            return Task.CompletedTask;
        };

        ObjectModifiedException error = await Assert.ThrowsAsync<ObjectModifiedException>(() => CopyAsync(s3, Request(partSize: 5 * MiB)));

        Assert.Equal("\"src\"", error.ExpectedETag);
        Assert.Equal(1, s3.Aborts);
        Assert.Null(s3.Completed);
    }

    [Fact]
    public async Task CopyWithResponseAsync_ServerIgnoresTheConditionOnParts_RecheckFindsTheNewETagAndAborts()
    {
        var s3 = new FakeCopyS3(TestData.Payload((int)(10 * MiB)));
        // A server that copies whatever is there (the part's condition is not checked), while the source is replaced.
        s3.Mock.Setup(s => s.CopyPartAsync(It.IsAny<CopyPartRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((CopyPartRequest r, CancellationToken _) =>
            {
                s3.ETag = "\"replaced\"";
                return new CopyPartResponse { ETag = $"\"p{r.PartNumber}\"" };
            });

        await Assert.ThrowsAsync<ObjectModifiedException>(() => CopyAsync(s3, Request(partSize: 5 * MiB)));

        GetObjectMetadataRequest recheck = s3.Heads.Last();
        Assert.Equal("\"src\"", recheck.EtagToMatch);
        Assert.Equal(1, s3.Aborts);
        Assert.Null(s3.Completed);
    }

    [Fact]
    public async Task CopyWithResponseAsync_Cancelled_UploadAborted()
    {
        var s3 = new FakeCopyS3(TestData.Payload((int)(20 * MiB)));
        using var cancel = new CancellationTokenSource();
        s3.BeforePart = async (_, token) =>
        {
            await cancel.CancelAsync();
            await Task.Delay(Timeout.Infinite, token);
        };

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => CopyAsync(s3, Request(partSize: 5 * MiB), cancel.Token));

        Assert.Equal(1, s3.Aborts);
    }

    [Fact]
    public async Task CopyWithResponseAsync_MultipartUnderCopyDirectives_CreateCarriesTheSourcesHeadersMetadataAndTags()
    {
        var s3 = new FakeCopyS3(TestData.Payload((int)(6 * MiB)));
        s3.SourceTags.Add(new Tag { Key = "team", Value = "blue" });

        await CopyAsync(s3, Request(partSize: 5 * MiB));

        Assert.Equal("text/source", s3.Created!.ContentType);
        Assert.Equal("source", s3.Created.Metadata["origin"]);
        Assert.Equal(("team", "blue"), (s3.Created.TagSet.Single().Key, s3.Created.TagSet.Single().Value));
    }

    [Fact]
    public async Task CopyWithResponseAsync_MultipartUnderReplaceDirectives_CreateCarriesTheRequestsMetadataAndTagsOnly()
    {
        var s3 = new FakeCopyS3(TestData.Payload((int)(6 * MiB)));
        s3.SourceTags.Add(new Tag { Key = "team", Value = "blue" });
        TransferUtilityCopyRequest request = Request(partSize: 5 * MiB);
        request.MetadataDirective = S3MetadataDirective.REPLACE;
        request.Metadata["fresh"] = "yes";
        request.ContentType = "text/new";
        request.TaggingDirective = TaggingDirective.REPLACE;
        request.TagSet = [new Tag { Key = "stage", Value = "done" }];

        await CopyAsync(s3, request);

        Assert.Equal("text/new", s3.Created!.ContentType);
        Assert.Equal("yes", s3.Created.Metadata["fresh"]);
        Assert.Null(s3.Created.Metadata["origin"]);
        Assert.Equal("stage", s3.Created.TagSet.Single().Key);
        s3.Mock.Verify(s => s.GetObjectTaggingAsync(It.IsAny<GetObjectTaggingRequest>(), It.IsAny<CancellationToken>()), Times.Never);
    }

    [Fact]
    public void Validate_MetadataWithoutReplace_ArgumentExceptionBeforeAnyRequest()
    {
        var s3 = new FakeCopyS3([1]);
        TransferUtilityCopyRequest request = Request();
        request.Metadata["k"] = "v";
        using var utility = new TransferUtility(s3.Mock.Object);

        Assert.Throws<ArgumentException>(() => { _ = utility.CopyWithResponseAsync(request); });
        Assert.Empty(s3.Mock.Invocations);
    }

    [Fact]
    public void Validate_TagsWithoutReplace_ArgumentExceptionBeforeAnyRequest()
    {
        var s3 = new FakeCopyS3([1]);
        TransferUtilityCopyRequest request = Request();
        request.TagSet = [new Tag { Key = "k", Value = "v" }];
        using var utility = new TransferUtility(s3.Mock.Object);

        Assert.Throws<ArgumentException>(() => { _ = utility.CopyWithResponseAsync(request); });
        Assert.Empty(s3.Mock.Invocations);
    }

    [Fact]
    public async Task CopyWithResponseAsync_ETagToMatchNotTheSources_ObjectModifiedBeforeAnyCopy()
    {
        var s3 = new FakeCopyS3(TestData.Payload(10));
        TransferUtilityCopyRequest request = Request();
        request.ETagToMatch = "\"other\"";

        await Assert.ThrowsAsync<ObjectModifiedException>(() => CopyAsync(s3, request));

        Assert.Empty(s3.CopyObjects);
    }

    private static TransferUtilityCopyRequest Request(long? partSize = null)
    {
        var request = new TransferUtilityCopyRequest { SourceBucket = "sb", SourceKey = "sk", DestinationBucket = "db", DestinationKey = "dk" };
        if (partSize is { } size)
        {
            request.PartSize = size;
        }

        return request;
    }

    private static Task<TransferUtilityCopyResponse> CopyAsync(FakeCopyS3 s3, TransferUtilityCopyRequest request,
        CancellationToken cancellationToken = default)
    {
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = 2, MinSizeBeforePartUpload = 5 * MiB };
        var utility = new TransferUtility(s3.Mock.Object, config, NullLoggerFactory.Instance, new EngineTuning { FailureWaitLimit = s_wait });
        return utility.CopyWithResponseAsync(request, cancellationToken).WaitAsync(s_wait);
    }
}
