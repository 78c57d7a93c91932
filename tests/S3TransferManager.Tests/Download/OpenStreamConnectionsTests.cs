using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging.Abstractions;
using Microsoft.Extensions.Time.Testing;
using Moq;
using S3TransferManager.Download;
using S3TransferManager.Tests.Fakes;

namespace S3TransferManager.Tests.Download;

/// <summary>
/// How many parts OpenStream fetches at once under a fixed cap: the part handed to the reader straight from its body
/// gives its slot back, and that slot fetches another part while the reader reads, as the AWS SDK's reader reads its
/// part beside its capped requests. The cap itself still holds: no more than that many other requests are out.
/// </summary>
public sealed class OpenStreamConnectionsTests
{
    private const int PartSize = 64 * 1024;
    private const int Parts = 5;
    private const int Cap = 2;
    private readonly byte[] _object = TestData.Bytes(Parts * PartSize);
    private readonly List<(long Start, TaskCompletionSource Answer)> _held = [];
    private readonly TaskCompletionSource _capReached = new(TaskCreationOptions.RunContinuationsAsynchronously);

    [Fact]
    public async Task OpenStream_FixedCapWhileReaderHoldsFirstPart_FetchesAsManyOtherPartsAsTheCap()
    {
        TransferResources resources = Resources();
        var request = new TransferUtilityOpenStreamRequest { BucketName = "bucket", Key = "key", PartSize = PartSize, MaxInMemoryParts = Parts };

        await using TransferUtilityOpenStreamResponse response = await new OpenStreamCommand(resources, request).ExecuteAsync(default);
        // Part 1 is the reader's, unread; the cap's slots go to parts 2 and 3, held unanswered.
        await _capReached.Task.WaitAsync(TimeSpan.FromSeconds(30));

        long[] heldStarts;
        lock (_held)
        {
            heldStarts = [.. _held.Select(h => h.Start).Order()];
        }

        Assert.Equal([1L * PartSize, 2L * PartSize], heldStarts);
        Assert.Equal(Cap, resources.Scheduler.InFlight);

        ReleaseHeld();
        var copy = new MemoryStream();
        await response.ResponseStream.CopyToAsync(copy).WaitAsync(TimeSpan.FromSeconds(30));
        Assert.Equal(_object, copy.ToArray());
    }

    /// <summary>Answers part 1 (the discovery) at once; later parts' answers wait until <see cref="ReleaseHeld"/>, and
    /// every request after the cap is reached is answered at once.</summary>
    private TransferResources Resources()
    {
        var s3 = new Mock<IAmazonS3>(MockBehavior.Strict);
        s3.Setup(s => s.GetObjectAsync(It.IsAny<GetObjectRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (GetObjectRequest r, CancellationToken token) =>
            {
                // Part 1 by number is a part of the object as uploaded in parts of PartSize.
                bool byNumber = r.PartNumber is not null;
                r = FakeDownloadS3.AsRanged(r, _object.Length, PartSize);
                long start = r.ByteRange.Start;
                if (start > 0)
                {
                    var answer = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
                    bool hold;
                    lock (_held)
                    {
                        hold = !_capReached.Task.IsCompleted;
                        if (hold)
                        {
                            _held.Add((start, answer));
                            if (_held.Count == Cap)
                            {
                                _capReached.TrySetResult();
                            }
                        }
                    }

                    if (hold)
                    {
                        await answer.Task.WaitAsync(token);
                    }
                }

                int length = (int)(r.ByteRange.End - start + 1);
                var response = new GetObjectResponse
                {
                    HttpStatusCode = HttpStatusCode.PartialContent,
                    ContentRange = $"bytes {start}-{r.ByteRange.End}/{_object.Length}",
                    ContentLength = length,
                    ETag = "\"e1\"",
                    ResponseStream = new MemoryStream(_object, (int)start, length, writable: false),
                };
                return byNumber ? FakeDownloadS3.WithPartsCount(response, _object.Length, PartSize) : response;
            });
        var config = new TransferUtilityConfig { ConcurrentServiceRequests = Cap }.Validated();
        return new TransferResources(s3.Object, config, NullLogger.Instance, timeProvider: new FakeTimeProvider());
    }

    private void ReleaseHeld()
    {
        lock (_held)
        {
            foreach ((_, TaskCompletionSource answer) in _held)
            {
                answer.TrySetResult();
            }
        }
    }
}
