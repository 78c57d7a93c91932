using System.Runtime.CompilerServices;
using Amazon.Runtime;
using Amazon.S3.Model;
using Microsoft.Extensions.Logging;
using S3TransferManager.Buffering;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;
using S3TransferManager.Requests;

namespace S3TransferManager.Download;

/// <summary>
/// The bytes of one part, read from its HTTP body. When the body breaks off (an <see cref="IOException"/>, or an end
/// before the promised length, or a body that makes no progress for the stall timeout), only the missing range is
/// requested again, with If-Match, within the part's attempts, after growing, jittered delays. A canceled read loses
/// nothing either: the next read requests the rest of the range. Each GET is a request like any other
/// (<see cref="S3Calls"/>): its answer is bounded, retried and hedged there, on the part's slot and within the same
/// attempts. Invariant: <c>_next</c> is the absolute offset of the next byte to return; bytes before it were handed
/// out exactly once.
/// </summary>
internal sealed class ResumableRangeStream : ReadOnlyStream
{
    /// <summary>What every part of the download shares: the requester, the resume policy, the logger, the lookahead.</summary>
    private readonly PartBodyReading _reading;

    /// <summary>The part: its number, first and last byte.</summary>
    private readonly PartRange _range;

    /// <summary>Cancels a read of the body that makes no progress for the policy's stall timeout.</summary>
    private readonly StallGuard _stall;

    /// <summary>Hashes each byte as it is handed out, once, in order, across resumes; null when not validating.</summary>
    private readonly PartHasher? _hasher;

    /// <summary>The part's span and metrics: bytes read, resumes, and how it ended.</summary>
    private readonly PartScope _telemetry;

    /// <summary>This body's timing (first-byte wait, then pace), fed to the download's lookahead estimate.</summary>
    private BodyPace _pace;

    /// <summary>Called once when the rest of the body should arrive within a first-byte wait (see
    /// <see cref="OnNearEnd(Action{object?}, object?)"/>), with its state; null once called, or when none was set.</summary>
    private Action<object?>? _nearEnd;
    private object? _nearEndState;

    /// <summary>The open response the bytes are read from; null before the first request and between a break and
    /// the resume that replaces it.</summary>
    private GetObjectResponse? _response;

    /// <summary>The AWS SDK's own checksum error from closing a response (see <see cref="DropResponse"/>), and that
    /// response, kept for the typed error they become.</summary>
    private AmazonClientException? _sdkCheckFailure;
    private GetObjectResponse? _sdkCheckedResponse;

    /// <summary>The slot of the shared request budget this part's request holds (traded for the next when its GET
    /// stalled in a congested endpoint's queue); null when it holds none. Let go for good by <see cref="ReleaseLease"/>.</summary>
    private readonly HeldLease? _held;

    /// <summary>The part's attempts: each GET takes one (a retry after a stall, a hedge, a resume's GET).</summary>
    private readonly AttemptBudget _attempts;

    /// <summary>The download's lead response, while this body reads its part from it and hands it on at its end; null
    /// otherwise (and once a resume replaced the lead's response).</summary>
    private LeadHold? _lead;

    /// <summary>When this body first read from the lead, from which offset, and how long its reads since have waited
    /// for the connection: its pace (<see cref="LeadResponse.Observe"/>).</summary>
    private long _leadReadSince;
    private long _leadReadFrom = -1;
    private long _leadWaitedTicks;

    /// <summary>The absolute offset of the next byte to hand out; bytes before it were handed out exactly once.</summary>
    private long _next;

    /// <summary>Whether the part's bytes are hashed as they are read (for the checksum validation).</summary>
    public bool HashesItsBytes => _hasher is not null;

    /// <summary>Once the last byte was read: a digest of all the part's bytes, from the validation's hashing (see
    /// <see cref="PartHasher.WholePartDigest"/>); null when nothing hashed them.</summary>
    public PartDigest? WholePartDigest => _hasher?.WholePartDigest;

    /// <param name="reading">How the download reads its bodies: the requester, the resume policy, the logger, and the
    /// lookahead estimate this body's timing feeds and <see cref="OnNearEnd(Action)"/> reads.</param>
    /// <param name="range">The part.</param>
    /// <param name="response">An already open response for the range (the discovery GET), owned from now on; or
    /// <see langword="null"/> to send the GET on the first read.</param>
    /// <param name="lease">The slot of the shared request budget this part's request holds, owned from now on and
    /// given back on <see cref="ReleaseLease"/> or disposal; <see langword="null"/> when it holds none.</param>
    /// <param name="hasher">Hashes the bytes as they are handed out, for checksum validation, owned from now on;
    /// <see langword="null"/> when downloads are not validated.</param>
    /// <param name="lead">When <paramref name="response"/> is the download's lead response (it covers more than this
    /// part): the body hands it on to the next part at its end, and the first part's pace decides whether it is read
    /// on (<see cref="LeadResponse"/>).</param>
    public ResumableRangeStream(PartBodyReading reading, PartRange range, GetObjectResponse? response, RequestLease? lease, PartHasher? hasher = null,
        LeadHold? lead = null)
    {
        _reading = reading;
        _lead = lead;
        _range = range;
        _next = range.Start;
        _response = response;
        _held = lease is null ? null : new HeldLease(reading.Lane!, lease);
        _attempts = new AttemptBudget(1 + reading.Policy.MaxResumes);
        if (response is not null)
        {
            // The response handed in was this part's first GET.
            _attempts.TryTake();
        }

        _hasher = hasher;
        _stall = new StallGuard(reading.Policy.StallTimeout, reading.Policy.TimeProvider);
        DownloadTarget target = reading.Requester.Target;
        _telemetry = PartScope.StartDownload(target.BucketName, target.Key, range.Number, range.Start, range.End);
    }

    public override bool CanSeek => false;

    public override long Length => _range.Length;

    public override long Position
    {
        get => _next - _range.Start;
        set => throw new NotSupportedException();
    }

    public long Remaining => _range.End - _next + 1;

    /// <summary>The slot this body's request holds, while it holds one (the next part's request may share it).</summary>
    public RequestLease? Lease => _held?.Lease;

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

    /// <summary>Gives the request's slot back early: the body is a caller's reader's part, whose pace is not the
    /// scheduler's to wait for. Safe while another thread reads the body (the reader may call it then).</summary>
    public void ReleaseLease() => _held?.Dispose();

    /// <summary>Sends the GET now (if the first read has not), so its errors (412, 404, ...) surface in the caller
    /// rather than in whoever reads the body later.</summary>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    public async ValueTask OpenAsync(CancellationToken cancellationToken)
    {
        if (_response is null && Remaining > 0)
        {
            await RequestAsync(cancellationToken).ConfigureAwait(false);
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

        if (_reading.Bandwidth is { } bandwidth && buffer.Length > bandwidth.MaxChunk)
        {
            buffer = buffer[..bandwidth.MaxChunk];
        }

        while (true)
        {
            if (_response is null)
            {
                await RequestAsync(cancellationToken).ConfigureAwait(false);
            }

            int read;
            CancellationToken token = _stall.Arm(cancellationToken);
            long readStarted = _lead is null ? 0 : _reading.Policy.TimeProvider.GetTimestamp();
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
                await PrepareResumeAsync(new StallTimeoutException(
                    $"The body of part {_range.Number} made no progress for {_reading.Policy.StallTimeout.TotalSeconds:0.###} s.", congested: false),
                    cancellationToken).ConfigureAwait(false);
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
                var truncated = new EndOfStreamException($"The body ended {Remaining} bytes before the end of part {_range.Number}.");
                await PrepareResumeAsync(truncated, cancellationToken).ConfigureAwait(false);
                continue;
            }

            if (_reading.Bandwidth is not null)
            {
                await WaitForBandwidthAsync(read, cancellationToken).ConfigureAwait(false);
            }

            _next += read;
            _hasher?.Append(buffer.Span[..read]);
            _reading.Activity?.Moved();
            if (_lead is { Lead.Watching: true } lead)
            {
                WatchLead(lead.Lead, readStarted);
            }

            if (_next > _range.End)
            {
                Finish();
            }

            _telemetry.Read(read);
            if (_reading.Lookahead is not null)
            {
                WatchPace();
            }

            return read;
        }
    }

    /// <summary>The last byte was handed out: the hash is complete, and the response is closed now. The AWS SDK checks
    /// a body that came with the stored checksum (a whole-object GET) when it is closed; with our own check off, its
    /// error is thrown here, typed, by the read that completed the part, so bytes known to be wrong are never committed
    /// and disposal never throws.</summary>
    private void Finish()
    {
        _hasher?.Finish();
        if (_lead is { } lead)
        {
            // The lead's body goes on into the next part: handed to it, not closed (the AWS SDK's own check of a
            // whole-object body runs when the last part closes it).
            _lead = null;
            if (lead.TryHandOver(_range.Number, _response!, _held?.Lease))
            {
                // The next part holds the response and the slot now.
                _held?.Detach();
                _response = null;
                return;
            }

            lead.Lead.Lose();
        }

        if (!DropResponse() && _hasher is null)
        {
            throw SdkChecksumMismatch(_sdkCheckFailure!);
        }
    }

    /// <summary>Holds bytes just read until the utility's bandwidth cap lets them through. Cancelled meanwhile, they
    /// were not handed out: the response is dropped, as after a cancelled read, so a later read requests them again.</summary>
    private async ValueTask WaitForBandwidthAsync(int read, CancellationToken cancellationToken)
    {
        try
        {
            await _reading.Bandwidth!.WaitAsync(read, cancellationToken).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            DropResponse();
            throw;
        }
    }

    /// <summary>Tells the lead this body's pace: from its first read on (that read's own bytes may have waited in
    /// buffers, so they do not count), the bytes over the time the reads since <paramref name="readStarted"/> waited.</summary>
    private void WatchLead(LeadResponse lead, long readStarted)
    {
        TimeProvider time = _reading.Policy.TimeProvider;
        long now = time.GetTimestamp();
        if (_leadReadFrom < 0)
        {
            _leadReadSince = now;
            _leadReadFrom = _next;
            return;
        }

        _leadWaitedTicks += now - readStarted;
        lead.Observe(_range.Number, time.GetElapsedTime(_leadReadSince, now), TimeSpan.FromSeconds((double)_leadWaitedTicks / time.TimestampFrequency),
            _next - _leadReadFrom, _next, partEnd: _next > _range.End);
    }

    private void WatchPace()
    {
        LookaheadEstimate lookahead = _reading.Lookahead!;
        _pace.Progress(_reading.Policy.TimeProvider.GetTimestamp(), _next, lookahead);
        long ahead = lookahead.Bytes;
        if (_nearEnd is { } nearEnd && ahead > 0 && Remaining <= ahead)
        {
            object? state = _nearEndState;
            _nearEnd = null;
            _nearEndState = null;
            nearEnd(state);
        }
    }

    /// <summary>Sends the GET for the rest of the range, on the part's slot and within its attempts: a GET whose answer
    /// stalls is sent again there (<see cref="RequestSender"/>).</summary>
    private async Task RequestAsync(CancellationToken cancellationToken)
    {
        try
        {
            _pace.Requested(_reading.Policy.TimeProvider.GetTimestamp());
            _response = await _reading.Requester.GetAsync(_next, _range.End, _range.Number, _held is null ? CallSlot.None : CallSlot.On(_held),
                _attempts, _reading.Hedged, cancellationToken).ConfigureAwait(false);
            _pace.Answered(_reading.Policy.TimeProvider.GetTimestamp(), _next);
        }
        catch (Exception e)
        {
            // The part's span records its error; the caller gets it as it is.
            _telemetry.Observe(e);
            throw;
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
        DownloadTarget target = _reading.Requester.Target;
        return new ChecksumMismatchException(target.BucketName, target.Key,
            stored?.Algorithm.Value ?? response.ResponseMetadata.ChecksumAlgorithm.ToString(), stored?.Value ?? "(sent with the body)",
            "(another value, computed by the AWS SDK)", partNumber: null, error);
    }

    /// <summary>Drops the broken response and waits the policy's jittered delay before the rest of the range is asked
    /// for. With no attempt left, throws the part's failure.</summary>
    private async ValueTask PrepareResumeAsync(Exception error, CancellationToken cancellationToken)
    {
        DropResponse();
        if (Interlocked.Exchange(ref _lead, null) is { } lead)
        {
            // The rest of this part comes from a ranged GET of its own: the parts after it send theirs.
            lead.Lead.Lose();
        }

        DownloadTarget target = _reading.Requester.Target;
        Requests.RetryPolicy policy = _reading.Policy;
        if (!_attempts.HasLeft)
        {
            string advice = error is StallTimeoutException stall ? Requests.StallAdvice.For(stall.Congested) : "";
            throw _telemetry.Failed(new PartDownloadException(_range.Number,
                $"Part {_range.Number} of s3://{target.BucketName}/{target.Key} (bytes {_range.Start}-{_range.End}) broke off at byte {_next} and could not be resumed after {_attempts.Used} attempt(s).{advice}",
                error));
        }

        _telemetry.Resumed(error);
        Log.ResumingPart(_reading.Logger, target.BucketName, target.Key, _range.Number, _next, _attempts.Used, policy.MaxResumes, error);
        TimeSpan delay = policy.DelayBefore(_attempts.Used);
        if (delay > TimeSpan.Zero)
        {
            await Task.Delay(delay, policy.TimeProvider, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Refused: this internal stream is only read asynchronously (file copy, chunk fill, the live hand-off),
    /// and a synchronous read would have to block a thread on network I/O.</summary>
    public override int Read(Span<byte> buffer) =>
        throw new NotSupportedException("A part body is read with ReadAsync only; reading it synchronously would block a thread on the network.");

    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            // Never throws: a complete body's response was closed, and checked, by the read that completed it (Finish).
            DropResponse();
            // Stopped before its end while holding the lead: the parts after it cannot read on.
            Interlocked.Exchange(ref _lead, null)?.Lead.Lose();
            _stall.Dispose();
            _hasher?.Dispose();
            ReleaseLease();
            _telemetry.End(complete: Remaining == 0);
        }

        base.Dispose(disposing);
    }
}
