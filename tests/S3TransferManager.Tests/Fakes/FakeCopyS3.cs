using System.Collections.Concurrent;
using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.Tests.Fakes;

/// <summary>
/// An IAmazonS3 mock for server-side copies over a source of the given bytes: HEAD answers with its size and ETag
/// (412 when If-Match names another), CopyObject and UploadPartCopy answer 412 when their copy-source-if-match does not
/// name the current ETag, and each part reports the CRC64NVME of its range, as S3 does for an upload created with that
/// algorithm. Every request is kept.
/// </summary>
internal sealed class FakeCopyS3
{
    private int _aborts;
    private int _heads;

    public FakeCopyS3(byte[] source, string eTag = "\"src\"")
    {
        Source = source;
        ETag = eTag;
        Mock.Setup(s => s.GetObjectMetadataAsync(It.IsAny<GetObjectMetadataRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((GetObjectMetadataRequest r, CancellationToken _) =>
            {
                Heads.Enqueue(r);
                Interlocked.Increment(ref _heads);
                if (r.Key != "sk" && DestinationHead is not null)
                {
                    return DestinationHead(r);
                }

                if (r.EtagToMatch is { } match && match != ETag)
                {
                    throw PreconditionFailed();
                }

                var head = new GetObjectMetadataResponse { ContentLength = Source.Length, ETag = ETag, TagsCount = SourceTags.Count };
                head.ContentType = "text/source";
                head.Metadata.Add("x-amz-meta-origin", "source");
                return head;
            });
        Mock.Setup(s => s.GetObjectTaggingAsync(It.IsAny<GetObjectTaggingRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() => new GetObjectTaggingResponse { Tagging = [.. SourceTags] });
        Mock.Setup(s => s.CopyObjectAsync(It.IsAny<CopyObjectRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((CopyObjectRequest r, CancellationToken _) =>
            {
                CopyObjects.Enqueue(r);
                return r.ETagToMatch != ETag ? throw PreconditionFailed() : new CopyObjectResponse { ETag = ETag, ChecksumCRC64NVME = "single" };
            });
        Mock.Setup(s => s.InitiateMultipartUploadAsync(It.IsAny<InitiateMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((InitiateMultipartUploadRequest r, CancellationToken _) =>
            {
                Created = r;
                return new InitiateMultipartUploadResponse { UploadId = "u1" };
            });
        Mock.Setup(s => s.CopyPartAsync(It.IsAny<CopyPartRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (CopyPartRequest r, CancellationToken token) =>
            {
                Parts.Enqueue(r);
                if (BeforePart is not null)
                {
                    await BeforePart(r, token);
                }

                if (!r.ETagToMatch.Contains(ETag))
                {
                    throw PreconditionFailed();
                }

                byte[] range = Source[(int)r.FirstByte!.Value..((int)r.LastByte!.Value + 1)];
                return new CopyPartResponse
                {
                    ETag = $"\"p{r.PartNumber}\"",
                    ChecksumCRC64NVME = PartChecksums ? IndependentChecksums.Base64(ChecksumAlgorithm.CRC64NVME, range) : null,
                };
            });
        Mock.Setup(s => s.CompleteMultipartUploadAsync(It.IsAny<CompleteMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync((CompleteMultipartUploadRequest r, CancellationToken _) =>
            {
                Completed = r;
                return new CompleteMultipartUploadResponse { ETag = CompleteETag, HttpStatusCode = HttpStatusCode.OK };
            });
        Mock.Setup(s => s.AbortMultipartUploadAsync(It.IsAny<AbortMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() =>
            {
                Interlocked.Increment(ref _aborts);
                return new AbortMultipartUploadResponse();
            });
    }

    public Mock<IAmazonS3> Mock { get; } = new();

    public byte[] Source { get; }

    /// <summary>The ETag CompleteMultipartUpload answers with (Ceph RGW 16 answers an empty one).</summary>
    public string CompleteETag { get; set; } = "\"done-2\"";

    /// <summary>Answers a HEAD of any key but the source's "sk"; null: the source's answer.</summary>
    public Func<GetObjectMetadataRequest, GetObjectMetadataResponse>? DestinationHead { get; set; }

    /// <summary>The source's current ETag; a test changes it to stand for an overwrite.</summary>
    public string ETag { get; set; }

    public List<Tag> SourceTags { get; } = [];

    /// <summary>Whether parts report their CRC64NVME (S3 does; moto does not).</summary>
    public bool PartChecksums { get; set; } = true;

    /// <summary>Runs when a part's request arrives, before it is checked and answered.</summary>
    public Func<CopyPartRequest, CancellationToken, Task>? BeforePart { get; set; }

    public ConcurrentQueue<GetObjectMetadataRequest> Heads { get; } = new();

    public ConcurrentQueue<CopyObjectRequest> CopyObjects { get; } = new();

    public ConcurrentQueue<CopyPartRequest> Parts { get; } = new();

    public InitiateMultipartUploadRequest? Created { get; private set; }

    public CompleteMultipartUploadRequest? Completed { get; private set; }

    public int Aborts => Volatile.Read(ref _aborts);

    public int HeadCount => Volatile.Read(ref _heads);

    public static AmazonS3Exception PreconditionFailed() =>
        new("At least one of the pre-conditions you specified did not hold", Amazon.Runtime.ErrorType.Sender, "PreconditionFailed", "req",
            HttpStatusCode.PreconditionFailed);
}
