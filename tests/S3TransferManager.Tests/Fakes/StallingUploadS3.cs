using System.Collections.Concurrent;
using System.Net;
using System.Security.Cryptography;
using System.Threading.Channels;
using Amazon.S3;
using Amazon.S3.Model;
using Moq;

namespace S3TransferManager.Tests.Fakes;

/// <summary>How one UploadPart attempt of <see cref="StallingUploadS3"/> behaves.</summary>
internal enum PartBehaviour
{
    /// <summary>Reads the body and answers.</summary>
    Answers,

    /// <summary>Reads the whole body, then never answers (until its token is canceled).</summary>
    NeverAnswers,

    /// <summary>Reads the first MiB of the body, then reads no more and never answers (until canceled).</summary>
    StallsMidBody,
}

/// <summary>A request of <see cref="StallingUploadS3"/> that is stuck: what it is, and the token it waits on.</summary>
internal sealed record StuckCall(string Operation, int PartNumber, int Attempt, CancellationToken Token);

/// <summary>
/// An IAmazonS3 mock for uploads whose requests can be made to stall, attempt by attempt: an UploadPart that never
/// answers or stops reading its body, a CreateMultipartUpload that never answers, a CompleteMultipartUpload that
/// answers only when the test lets it. Every stuck call is reported (<see cref="Stuck"/>) with its token, and honours
/// it; the bytes each UploadPart attempt read are kept (their SHA-256).
/// </summary>
internal sealed class StallingUploadS3
{
    private readonly ConcurrentDictionary<int, int> _attempts = new();
    private readonly Channel<StuckCall> _stuck = Channel.CreateUnbounded<StuckCall>();
    private int _creates;
    private int _completes;
    private int _aborts;
    private int _answered;

    public StallingUploadS3()
    {
        Mock.Setup(s => s.InitiateMultipartUploadAsync(It.IsAny<InitiateMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (InitiateMultipartUploadRequest _, CancellationToken token) =>
            {
                int attempt = Interlocked.Increment(ref _creates);
                if (!CreateAnswers(attempt))
                {
                    await StuckAsync(new StuckCall("CreateMultipartUpload", 0, attempt, token));
                }

                return new InitiateMultipartUploadResponse { UploadId = "u1" };
            });
        Mock.Setup(s => s.UploadPartAsync(It.IsAny<UploadPartRequest>(), It.IsAny<CancellationToken>()))
            .Returns((UploadPartRequest r, CancellationToken token) => UploadPartAsync(r, token));
        Mock.Setup(s => s.CompleteMultipartUploadAsync(It.IsAny<CompleteMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .Returns(async (CompleteMultipartUploadRequest r, CancellationToken token) =>
            {
                int attempt = Interlocked.Increment(ref _completes);
                Completed = r;
                if (CompleteGate is { } gate)
                {
                    _stuck.Writer.TryWrite(new StuckCall("CompleteMultipartUpload", 0, attempt, token));
                    await gate.WaitAsync(token);
                }

                return new CompleteMultipartUploadResponse { ETag = "\"done\"", HttpStatusCode = HttpStatusCode.OK };
            });
        Mock.Setup(s => s.AbortMultipartUploadAsync(It.IsAny<AbortMultipartUploadRequest>(), It.IsAny<CancellationToken>()))
            .ReturnsAsync(() =>
            {
                Interlocked.Increment(ref _aborts);
                return new AbortMultipartUploadResponse();
            });
    }

    public Mock<IAmazonS3> Mock { get; } = new();

    /// <summary>How attempt n (from 1) of part p behaves; every attempt answers by default.</summary>
    public Func<int, int, PartBehaviour> Parts { get; set; } = (_, _) => PartBehaviour.Answers;

    /// <summary>Whether attempt n of CreateMultipartUpload answers; all do by default.</summary>
    public Func<int, bool> CreateAnswers { get; set; } = _ => true;

    /// <summary>When set, CompleteMultipartUpload answers only once this completes.</summary>
    public Task? CompleteGate { get; set; }

    /// <summary>Runs before attempt n of part p reads its body (to hold it until other parts answered, say).</summary>
    public Func<int, int, Task>? BeforeBody { get; set; }

    /// <summary>Called with the number of UploadPart attempts answered so far, as each one answers.</summary>
    public Action<int>? OnAnswered { get; set; }

    /// <summary>The SHA-256 of the bytes each (part, attempt) read, once its body was read to the end.</summary>
    public ConcurrentDictionary<(int Part, int Attempt), string> Bodies { get; } = new();

    public CompleteMultipartUploadRequest? Completed { get; private set; }

    public int Creates => Volatile.Read(ref _creates);

    public int Completes => Volatile.Read(ref _completes);

    public int Aborts => Volatile.Read(ref _aborts);

    /// <summary>UploadPart attempts that answered.</summary>
    public int Answered => Volatile.Read(ref _answered);

    public int AttemptsOf(int partNumber) => _attempts.GetValueOrDefault(partNumber);

    /// <summary>The next call that got stuck, waiting (boundedly) for it.</summary>
    public async Task<StuckCall> NextStuckAsync() => await _stuck.Reader.ReadAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(10));

    private async Task<UploadPartResponse> UploadPartAsync(UploadPartRequest request, CancellationToken token)
    {
        int part = request.PartNumber!.Value;
        int attempt = _attempts.AddOrUpdate(part, 1, (_, n) => n + 1);
        PartBehaviour behaviour = Parts(part, attempt);
        if (BeforeBody is not null)
        {
            await BeforeBody(part, attempt);
        }

        if (behaviour == PartBehaviour.StallsMidBody)
        {
            byte[] first = new byte[1024 * 1024];
            await request.InputStream.ReadExactlyAsync(first, token);
            await StuckAsync(new StuckCall("UploadPart", part, attempt, token));
        }

        using var copy = new MemoryStream();
        await request.InputStream.CopyToAsync(copy, token);
        Bodies[(part, attempt)] = Convert.ToHexString(SHA256.HashData(copy.ToArray()));
        if (behaviour == PartBehaviour.NeverAnswers)
        {
            await StuckAsync(new StuckCall("UploadPart", part, attempt, token));
        }

        OnAnswered?.Invoke(Interlocked.Increment(ref _answered));
        return new UploadPartResponse { ETag = $"\"p{part}-{attempt}\"", PartNumber = part };
    }

    private async Task StuckAsync(StuckCall call)
    {
        _stuck.Writer.TryWrite(call);
        await Task.Delay(Timeout.InfiniteTimeSpan, call.Token);
        throw new InvalidOperationException("unreachable");
    }
}
