using System.Runtime.CompilerServices;
using Amazon.Runtime;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Download.Integrity;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Resilience;

namespace S3TransferManager.Download;

/// <summary>
/// The bytes of one part, read from its HTTP body. When the body breaks off (an <see cref="IOException"/>, or an end
/// before the promised length, or a body or response that makes no progress for the stall timeout), only the missing
/// range is requested again, with If-Match, a bounded number of times with growing, jittered delays. A canceled read
/// loses nothing either: the next read requests the rest of the range. Invariant:
/// <c>_next</c> is the absolute offset of the next byte to return; bytes before it were handed out exactly once.
/// </summary>
internal sealed class ResumableRangeStream : Stream
{
    private readonly RangeRequester _requester;
    private readonly int _partNumber;
    private readonly long _start;
    private readonly long _end;
    private readonly ResumePolicy _policy;
    private readonly StallGuard _stall;
    private readonly ILogger _logger;
    private readonly PartHasher? _hasher;
    private readonly PartScope _telemetry;
    private readonly LookaheadEstimate? _lookahead;
    private BodyPace _pace;
    private Action<object?>? _nearEnd;
    private object? _nearEndState;
    private GetObjectResponse? _response;
    private AmazonClientException? _sdkCheckFailure;
    private GetObjectResponse? _sdkCheckedResponse;
    private RequestLease? _lease;
    private long _next;
    private int _resumes;

    /// <param name="requester">Sends the GET for the range, and for every resume.</param>
    /// <param name="partNumber">The part's number, for errors and logs.</param>
    /// <param name="start">The part's first byte.</param>
    /// <param name="end">The part's last byte (inclusive); <paramref name="start"/> - 1 for an empty part.</param>
    /// <param name="response">An already open response for the range (the discovery GET), owned from now on; or
    /// <see langword="null"/> to send the GET on the first read.</param>
    /// <param name="lease">The slot of the shared request budget this part's request holds, owned from now on and
    /// given back on <see cref="ReleaseLease"/> or disposal; <see langword="null"/> when it holds none.</param>
    /// <param name="policy">How often, after which delays, and after how long a silence a body is resumed (its clock
    /// is a fake one in tests, so backoff and stalls cost no real time).</param>
    /// <param name="logger">Where resumes are logged.</param>
    /// <param name="lookahead">The download's estimate of when to send the next request, which this body's timing
    /// feeds and <see cref="OnNearEnd(Action)"/> reads; <see langword="null"/>: no timing.</param>
    /// <param name="hasher">Hashes the bytes as they are handed out (each exactly once, in order, across resumes), for
    /// checksum validation; <see langword="null"/> when downloads are not validated.</param>
    public ResumableRangeStream(RangeRequester requester, int partNumber, long start, long end, GetObjectResponse? response,
        RequestLease? lease, ResumePolicy policy, ILogger logger, LookaheadEstimate? lookahead = null, PartHasher? hasher = null)
    {
        _lookahead = lookahead;
        _hasher = hasher;
        _requester = requester;
        _partNumber = partNumber;
        _start = start;
        _end = end;
        _next = start;
        _response = response;
        _lease = lease;
        _policy = policy;
        _stall = new StallGuard(policy.StallTimeout, policy.TimeProvider);
        _logger = logger;
        _telemetry = PartScope.StartDownload(requester.Target.BucketName, requester.Target.Key, partNumber, start, end);
    }

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => _end - _start + 1;

    public override long Position
    {
        get => _next - _start;
        set => throw new NotSupportedException();
    }

    public long Remaining => _end - _next + 1;

    /// <summary>The slot this body's request holds, while it holds one (the next part's request may share it).</summary>
    public RequestLease? Lease => _lease;

    /// <summary>
    /// Calls <paramref name="callback"/> once, from a read, when the rest of this body should arrive within about one
    /// first-byte wait (<see cref="LookaheadEstimate"/>): the moment to send the next part's request, so the
    /// connection does not sit idle for a round trip between parts. Never called when the estimate is unknown.
    /// </summary>
    public void OnNearEnd(Action callback) => OnNearEnd(static callback => ((Action)callback!)(), callback);

    /// <inheritdoc cref="OnNearEnd(Action)"/>
    /// <remarks>With its state: a static callback then costs no allocation per part.</remarks>
    public void OnNearEnd(Action<object?> callback, object? state)
    {
        _nearEnd = callback;
        _nearEndState = state;
    }

    /// <summary>Gives the request's slot back early: the body was handed to a caller's reader, whose pace is not the
    /// scheduler's to wait for.</summary>
    public void ReleaseLease()
    {
        _lease?.Dispose();
        _lease = null;
    }

    /// <summary>Sends the GET now (if the first read has not), so its errors (412, 404, ...) surface in the caller
    /// rather than in whoever reads the body later.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public async ValueTask OpenAsync(CancellationToken cancellationToken)
    {
        while (_response is null && Remaining > 0 && !await TryRequestAsync(cancellationToken).ConfigureAwait(false))
        {
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default)
    {
        long remaining = Remaining;
        if (remaining <= 0 || buffer.IsEmpty)
        {
            return 0;
        }

        if (buffer.Length > remaining)
        {
            buffer = buffer[..(int)remaining];
        }

        while (true)
        {
            if (_response is null && !await TryRequestAsync(cancellationToken).ConfigureAwait(false))
            {
                continue;
            }

            int read;
            CancellationToken token = _stall.Arm(cancellationToken);
            try
            {
                read = await _response!.ResponseStream.ReadAsync(buffer, token).ConfigureAwait(false);
            }
            catch (IOException e) when (!cancellationToken.IsCancellationRequested)
            {
                _stall.Disarm();
                await PrepareResumeAsync(e, cancellationToken).ConfigureAwait(false);
                continue;
            }
            catch (OperationCanceledException) when (StallGuard.Stalled(token, cancellationToken))
            {
                _stall.Disarm();
                await PrepareResumeAsync(StalledError("body"), cancellationToken).ConfigureAwait(false);
                continue;
            }
            catch (AmazonClientException e) when (_response!.ResponseMetadata?.ChecksumValidationStatus == ChecksumValidationStatus.PENDING_RESPONSE_READ)
            {
                // The AWS SDK checks a body that came with the stored checksum (a whole-object GET) as it ends, and
                // reports a mismatch as a bare client error: give the caller the same typed error as our own check.
                _stall.Disarm();
                throw SdkChecksumMismatch(e);
            }
            catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
            {
                // A canceled read leaves the body at an unknown byte: drop it, so that a later read (a reader that
                // canceled one read and goes on) requests the rest of the range from the last byte handed out.
                _stall.Disarm();
                DropResponse();
                throw;
            }

            _stall.Disarm();
            if (read == 0)
            {
                var truncated = new EndOfStreamException($"The body ended {Remaining} bytes before the end of part {_partNumber}.");
                await PrepareResumeAsync(truncated, cancellationToken).ConfigureAwait(false);
                continue;
            }

            _next += read;
            if (_hasher is not null)
            {
                _hasher.Append(buffer.Span[..read]);
                if (_next > _end)
                {
                    _hasher.Finish();
                }
            }

            _telemetry.Read(read);
            if (_lookahead is not null)
            {
                WatchPace();
            }

            return read;
        }
    }

    private void WatchPace()
    {
        _pace.Progress(_policy.TimeProvider.GetTimestamp(), _next, _lookahead!);
        long ahead = _lookahead!.Bytes;
        if (_nearEnd is { } nearEnd && ahead > 0 && Remaining <= ahead)
        {
            object? state = _nearEndState;
            _nearEnd = null;
            _nearEndState = null;
            nearEnd(state);
        }
    }

    /// <summary>Sends the GET for the rest of the range; false when its answer stalled (then a resume was prepared
    /// and the caller tries again).</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> TryRequestAsync(CancellationToken cancellationToken)
    {
        CancellationToken token = _stall.Arm(cancellationToken);
        try
        {
            _pace.Requested(_policy.TimeProvider.GetTimestamp());
            _response = await _requester.GetAsync(_next, _end, token).ConfigureAwait(false);
            _pace.Answered(_policy.TimeProvider.GetTimestamp(), _next);
            return true;
        }
        catch (OperationCanceledException) when (StallGuard.Stalled(token, cancellationToken))
        {
            _stall.Disarm();
            await PrepareResumeAsync(StalledError("response"), cancellationToken).ConfigureAwait(false);
            return false;
        }
        catch (Exception e) when (_telemetry.Observe(e))
        {
            throw;   // Not reached: Observe records the part's error for its span and declines the exception.
        }
        finally
        {
            _stall.Disarm();
        }
    }

    /// <summary>
    /// Disposes the current response. The AWS SDK checks a body that came with the stored checksum (a whole-object
    /// GET) when it is closed, and throws from Dispose if what passed does not match: for a body cut short (a resume)
    /// that means nothing, and for a whole body our own check reports the same mismatch, typed, with both values. So
    /// the SDK's error is kept aside (false) rather than thrown from here.
    /// </summary>
    private bool DropResponse()
    {
        GetObjectResponse? response = _response;
        _response = null;
        try
        {
            response?.Dispose();
            return true;
        }
        catch (AmazonClientException e)
        {
            _sdkCheckFailure = e;
            _sdkCheckedResponse = response;
            return false;
        }
    }

    private ChecksumMismatchException SdkChecksumMismatch(AmazonClientException error)
    {
        GetObjectResponse response = _response ?? _sdkCheckedResponse!;
        StoredChecksum? stored = StoredChecksum.From(response.ChecksumCRC64NVME, response.ChecksumCRC32, response.ChecksumCRC32C,
            response.ChecksumSHA1, response.ChecksumSHA256, response.ChecksumType);
        DownloadTarget target = _requester.Target;
        return new ChecksumMismatchException(target.BucketName, target.Key,
            stored?.Algorithm.Value ?? response.ResponseMetadata.ChecksumAlgorithm.ToString(), stored?.Value ?? "(sent with the body)",
            "(another value, computed by the AWS SDK)", partNumber: null, error);
    }

    private TimeoutException StalledError(string what) =>
        new($"The {what} of part {_partNumber} made no progress for {_policy.StallTimeout.TotalSeconds:0.###} s.");

    private async ValueTask PrepareResumeAsync(Exception error, CancellationToken cancellationToken)
    {
        DropResponse();
        DownloadTarget target = _requester.Target;
        if (_resumes >= _policy.MaxResumes)
        {
            throw _telemetry.Failed(new PartDownloadException(_partNumber,
                $"Part {_partNumber} of s3://{target.BucketName}/{target.Key} (bytes {_start}-{_end}) broke off at byte {_next} and could not be resumed after {_resumes} attempt(s).",
                error));
        }

        _resumes++;
        _telemetry.Resumed(error);
        Log.ResumingPart(_logger, target.BucketName, target.Key, _partNumber, _next, _resumes, _policy.MaxResumes, error);
        TimeSpan delay = _policy.DelayBefore(_resumes);
        if (delay > TimeSpan.Zero)
        {
            await Task.Delay(delay, _policy.TimeProvider, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Refused: this internal stream is only read asynchronously (file copy, chunk fill, the live hand-off),
    /// and a synchronous read would have to block a thread on network I/O.</summary>
    public override int Read(Span<byte> buffer) =>
        throw new NotSupportedException("A part body is read with ReadAsync only; reading it synchronously would block a thread on the network.");

    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            if (!DropResponse() && _hasher is null && _next > _end)
            {
                // The AWS SDK's own check of a whole body failed as it closed, and ours is off: still never hand out
                // bytes known to be wrong, and say so with the typed error.
                _stall.Dispose();
                ReleaseLease();
                _telemetry.End(complete: false);
                throw SdkChecksumMismatch(_sdkCheckFailure!);
            }

            _stall.Dispose();
            _hasher?.Dispose();
            ReleaseLease();
            _telemetry.End(complete: Remaining == 0);
        }

        base.Dispose(disposing);
    }
}
