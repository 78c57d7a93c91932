using System.Diagnostics.CodeAnalysis;
using System.Net;
using System.Runtime.CompilerServices;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Checksums.Validation;
using S3TransferManager.Multipart;
using S3TransferManager.Parts;
using S3TransferManager.Resume;
using S3TransferManager.Scheduling;
using S3TransferManager.Requests;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Download;

/// <summary>
/// The front half every download shares (to a file, as a stream, and later per object of a directory): discovery by a
/// ranged GET of the first part (never a HEAD, so a one-part object costs exactly one request), the logging, the first
/// response handed to part 1, each part's resumable body, and the mapping onto the caller's response.
/// </summary>
/// <remarks>Invariant: the first response and the request slot it holds have exactly one owner: this session until
/// part 1's body takes them, and <see cref="Dispose"/> releases them if no part ever did.</remarks>
internal sealed class DownloadSession : IDisposable
{
    /// <summary>The utility's resources: client, settings, logger, clock.</summary>
    private readonly TransferResources _resources;

    /// <summary>The transfer's turns of the shared request budget, for parts 2..N.</summary>
    private readonly TransferLane _lane;

    /// <summary>How every part's body is read: the requester pinned to the ETag, the resume policy, the lookahead.</summary>
    private readonly PartBodyReading _reading;

    /// <summary>The bytes' check against the stored checksum; null when validation is off.</summary>
    private readonly DownloadChecksumValidator? _validator;

    /// <summary>The lookup that learns the stored checksum alongside the parts (completed when none is needed).</summary>
    private readonly Task _checksumLookup;

    /// <summary>The object's content headers, encryption and checksum fields, from the first response.</summary>
    private readonly ObjectDescription _description;

    /// <summary>Stops the checksum lookup; null once stopped (<see cref="StopChecksumLookup"/>).</summary>
    private CancellationTokenSource? _checksumLookupStop;

    /// <summary>The first response and the slot it holds, until the first part's body takes them (or <see cref="Dispose"/>).</summary>
    private GetObjectResponse? _firstResponse;
    private RequestLease? _firstLease;

    /// <summary>The part the first response is the body of: 1, or a resumed download's first part still to fetch.</summary>
    private readonly int _firstPart;

    /// <summary>The first response when its body covers more than part 1 (the parts may read it on in turn); null
    /// otherwise.</summary>
    private readonly LeadResponse? _lead;

    private DownloadSession(TransferResources resources, TransferLane lane, PartBodyReading reading, PartLayout layout, FirstAnswer first,
        ChecksumLookupRun checksums, int firstPart, LeadResponse? lead)
    {
        _firstPart = firstPart;
        _lead = lead;
        _resources = resources;
        _lane = lane;
        _reading = reading;
        Layout = layout;
        _firstResponse = first.Response;
        _firstLease = first.Lease;
        _description = first.Description;
        _validator = checksums.Validator;
        _checksumLookup = checksums.Lookup;
        _checksumLookupStop = checksums.Stop;
    }

    public DownloadTarget Target => _reading.Requester.Target;

    public PartLayout Layout { get; }

    /// <summary>Whether the download checks its bytes (and asks for the stored checksum): unless the utility turned
    /// validation off, always at the client's defaults, and under its <c>ResponseChecksumValidation = WHEN_REQUIRED</c>
    /// only when the request asks with <c>ChecksumMode = ENABLED</c>, as the AWS SDK validates then.</summary>
    private static bool Validates(TransferResources resources, DownloadRequestBase request) =>
        resources.Config.ValidateDownloadChecksums
        && (!resources.Checksums.ResponsesOnlyWhenRequired || request.ChecksumMode == ChecksumMode.ENABLED);

    /// <summary>Sends the first GET, in its turn of the shared budget through <paramref name="lane"/>, and learns the
    /// object's size and ETag from it: part 1 by number (<see cref="PartNumberOpening"/>), or <c>bytes=0-(PartSize-1)</c>
    /// where the endpoint refuses that, with If-Match when the caller gave an ETag. An empty object answers with 416;
    /// one plain GET then confirms it.</summary>
    /// <param name="resources">The utility's shared resources.</param>
    /// <param name="lane">The transfer's turns of the shared request budget.</param>
    /// <param name="request">What to download.</param>
    /// <param name="partsHeldInMemory">Whether parts wait in memory for a reader (OpenStream: its window is bounded by
    /// MaxInMemoryParts x PartSize, so parts stay at PartSize); a download to a file holds none, so its head parts may
    /// grow by up to a quarter to pay for the tail's extra requests (each costs the AWS SDK ~60 KB of allocations).</param>
    /// <param name="cancellationToken">Cancels the first GET.</param>
    /// <param name="head">The stored checksum learned by a HEAD sent before this GET; used when the GET answers with its
    /// ETag (the same version), so the lookup alongside the parts is not sent again.</param>
    /// <param name="resume">Where an interrupted download stopped: the first GET then fetches its first missing part,
    /// with If-Match on its ETag, and the parts keep its layout.</param>
    [SuppressMessage("Reliability", "CA2000", Justification = "The slot and the lookup's stop go to the session, which lets them go; a failure before lets them go here.")]
    public static async Task<DownloadSession> StartAsync(TransferResources resources, TransferLane lane, DownloadRequestBase request,
        bool partsHeldInMemory, CancellationToken cancellationToken, ChecksumHead? head = null, ResumePoint? resume = null)
    {
        var getter = new ObjectGetter(request);
        bool validate = Validates(resources, request);
        string? ifMatch = resume?.ETag ?? request.IfMatch;
        bool byPartNumber = resume is null && !request.FitsOnePart && resources.Opening.Use;
        FirstGet first = resume is { Layout: var resumed, FirstPart: var part }
            ? new FirstGet(new ByteRange(resumed.StartOf(part), resumed.EndOf(part)), null, ifMatch, validate)
            : request.FitsOnePart ? new FirstGet(null, null, ifMatch, validate)
            : byPartNumber ? new FirstGet(null, 1, ifMatch, validate)
            : new FirstGet(new ByteRange(0, request.PartSize - 1), null, ifMatch, validate);
        // The range asked for, the whole object when the listing said it fits in one part, or a part's worth.
        var held = new HeldLease(lane, await lane.AcquireAsync(RequestCost.Data(first.ExpectedBytes(request.ListedLength ?? request.PartSize)),
            cancellationToken).ConfigureAwait(false));
        GetObjectResponse? response = null;
        LeadResponse? lead = null;
        try
        {
            long sentAt = resources.TimeProvider.GetTimestamp();
            try
            {
                response = await OpeningGetAsync().ConfigureAwait(false);
            }
            catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.RequestedRangeNotSatisfiable && resume is null)
            {
                // An empty object has no byte 0 to range (nor, on some servers, a part 1): one plain GET confirms it.
                response = await FirstGetAsync(first with { Range = null, PartNumber = null }).ConfigureAwait(false);
            }

            long answeredAt = resources.TimeProvider.GetTimestamp();
            OpeningAnswer opening;
            if (resume is null)
            {
                AnswerShape shape = AnswerShape.Of(request, response, first);
                if (!shape.HasLead)
                {
                    // The object's length says how many parts are coming: the budget may start from them, and the tail
                    // is cut for the connections they get.
                    lane.Foresee(shape.EstimatedParts, shape.PartSize);
                }

                opening = Describe(request, response, shape, shape.Tail ? TailWidth(resources, partsHeldInMemory) : 0, partsHeldInMemory);
            }
            else
            {
                opening = OpeningAnswer.Resumed(ResumedTarget.Describe(request, response, resume));
                lane.Foresee(resume.Layout.PartCount - resume.FirstPart + 1, resume.Layout.PartSize);
            }

            (DownloadTarget target, PartLayout layout) = opening.Described;
            if (opening.LeadEnd > layout.EndOf(1) + 1)
            {
                // The body covers more than part 1: read on, part after part, until its pace says the rest goes faster in
                // parallel (LeadResponse). An object uploaded in parts, answered whole with no part count, is from a
                // server that serves no parts by number: read on whatever the pace, as the AWS SDK reads it.
                bool servesNoParts = response.PartsCount is null && MultipartETags.PartCount(target.ETag) > 1 && opening.CoversObject(target);
                lead = new LeadResponse(resources.TimeProvider, resources.TimeProvider.GetElapsedTime(sentAt, answeredAt), opening.LeadEnd,
                    firm: servesNoParts, () => lane.Foresee(layout.PartCount - 1, layout.PartSize));
            }

            Log.Discovered(resources.Logger, target.BucketName, target.Key, target.TotalLength, target.ETag, layout.PartCount);
            var lookupStop = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            ChecksumLookupRun checksums = validate
                ? StartValidation(resources, request, lane, target, layout, response, opening.CoversObject(target),
                    head is not null && head.ETag == target.ETag ? head : null, lookupStop)
                : new ChecksumLookupRun(null, Task.CompletedTask, lookupStop);
            var reading = new PartBodyReading(new RangeRequester(resources.S3, getter, target), resources.RetryPolicy, resources.Logger,
                new LookaheadEstimate(), resources.Bandwidth, lane, resources.Activity);
            var firstAnswer = new FirstAnswer(response, held.Detach()!, ObjectDescription.From(response, target.TotalLength));
            return new DownloadSession(resources, lane, reading, layout, firstAnswer, checksums, resume?.FirstPart ?? 1, lead);
        }
        catch
        {
            response?.Dispose();
            lead?.Dispose();
            held.Dispose();
            throw;
        }

        // Until this answer comes no part can start: its bound is learned from the utility's GETs, and a GET that waited
        // in a congested endpoint's queue is sent again once the budget, cut meanwhile, has a slot for it.
        async Task<GetObjectResponse> OpeningGetAsync()
        {
            try
            {
                return await FirstGetAsync(first).ConfigureAwait(false);
            }
            catch (AmazonS3Exception e) when (byPartNumber && PartNumberOpening.MayBeRefusal(e))
            {
                // A server that serves no parts by number: a range instead, and ranges from now on if that works.
                GetObjectResponse ranged = await FirstGetAsync(first with { Range = new ByteRange(0, request.PartSize - 1), PartNumber = null })
                    .ConfigureAwait(false);
                resources.Opening.Refused();
                return ranged;
            }
        }

        Task<GetObjectResponse> FirstGetAsync(FirstGet get) =>
            resources.S3.GetObjectAsync(getter.Build(get), CallSlot.On(held), cancellationToken, partNumber: 1);
    }

    /// <summary>The resumable body of a part, holding its slot of the shared budget: the first part (1, or a resumed
    /// download's first part to fetch) reads the discovery response in the discovery's slot; every other part first
    /// waits for its turn of a slot, then sends its own ranged GET with If-Match (on its first read, or on
    /// <see cref="ResumableRangeStream.OpenAsync"/>).</summary>
    /// <param name="partNumber">The part.</param>
    /// <param name="predecessor">The slot of the part this one follows on the same worker, when this part's request
    /// is sent before that part's body ends: it may share that slot (<see cref="TransferLane.AcquireFollowingAsync"/>).</param>
    /// <param name="cancellationToken">Stops the wait for a slot.</param>
    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<ResumableRangeStream> CreateBodyAsync(int partNumber, RequestLease? predecessor, CancellationToken cancellationToken)
    {
        GetObjectResponse? response = null;
        RequestLease? lease;
        LeadResponse? lead = _lead;
        if (partNumber == _firstPart)
        {
            response = Interlocked.Exchange(ref _firstResponse, null);
            lease = Interlocked.Exchange(ref _firstLease, null);
        }
        else if (lead is not null && await lead.TakeAsync(partNumber, cancellationToken).ConfigureAwait(false) is { } handed)
        {
            // The part before it read the lead's body to its end: this part reads on from there, with no request.
            (response, lease) = handed;
        }
        else
        {
            lead = null;
            lease = await _lane.AcquireFollowingAsync(predecessor, RequestCost.Data(Layout.LengthOf(partNumber)), cancellationToken)
                .ConfigureAwait(false);
        }

        return new ResumableRangeStream(_reading, new PartRange(partNumber, Layout.StartOf(partNumber), Layout.EndOf(partNumber)), response, lease,
            CreatePartHasher(partNumber), lead is null ? null : new LeadHold(lead, Layout));
    }

    /// <summary>What hashes a part's bytes for the checksum validation, fed as they pass (or, for a resumed part, as
    /// they are read back from the temporary file); null when nothing is checked.</summary>
    public PartHasher? CreatePartHasher(int partNumber) =>
        _validator is { NothingToCheck: false } validator ? validator.CreateHasher(partNumber, PartDigestWhenNothingToCheck) : null;

    /// <summary>Set when every hashed part must end with a digest of its bytes even if the validator turns out to need
    /// none (a resumable download records it, rather than hashing the bytes a second time): the algorithm to use then.
    /// Set before the first part's body is created.</summary>
    public ChecksumAlgorithm? PartDigestWhenNothingToCheck { get; set; }

    /// <summary>
    /// Checks the bytes against the stored checksum, once every part's last byte was read (waiting for the HEAD if it
    /// has not answered yet), and records the outcome on <paramref name="response"/>. Safe after <see cref="Dispose"/>:
    /// an OpenStream reader reaches the end after the producers let the session go.
    /// </summary>
    /// <exception cref="ChecksumMismatchException">The bytes do not match.</exception>
    public async ValueTask ValidateChecksumAsync(TransferUtilityGetObjectResponseBase response, CancellationToken cancellationToken)
    {
        if (_validator is null)
        {
            response.ChecksumValidation = ChecksumValidationResult.NotValidated(_resources.Config.ValidateDownloadChecksums
                ? "the client's ResponseChecksumValidation is WHEN_REQUIRED and the request's ChecksumMode did not ask for validation."
                : "validation is turned off (TransferUtilityConfig.ValidateDownloadChecksums).");
            return;
        }

        ChecksumValidationResult result = await _validator.VerifyAsync(cancellationToken).ConfigureAwait(false);
        if (result.Validated)
        {
            Log.ChecksumValidated(_resources.Logger, Target.BucketName, Target.Key, result);
        }
        else if (result.Inconclusive)
        {
            Log.ChecksumUndecided(_resources.Logger, Target.BucketName, Target.Key, result.NotValidatedReason!);
        }
        else
        {
            Log.ChecksumNotValidated(_resources.Logger, Target.BucketName, Target.Key, result.NotValidatedReason!);
        }

        response.ChecksumValidation = result;
        if (result.Validated)
        {
            ReportStoredChecksum(response, result);
        }

        // Known even when the bytes could not be checked against it (a composite checksum whose parts S3 did not list).
        response.ChecksumType ??= _validator.StoredType;
        StoredChecksum.OmitCompositeValues(response);
    }

    /// <summary>A ranged first GET carries no checksum: the response reports the stored one the bytes matched; for a
    /// composite checksum only its type, as the AWS SDK's responses do (see <see cref="StoredChecksum.OmitCompositeValues"/>).</summary>
    private static void ReportStoredChecksum(TransferUtilityGetObjectResponseBase response, ChecksumValidationResult result)
    {
        response.ChecksumType ??= result.ChecksumType;
        if (response.ChecksumType == ChecksumType.COMPOSITE)
        {
            return;
        }

        string value = result.Checksum!;
        switch (result.Algorithm!.Value)
        {
            case "CRC32":
                response.ChecksumCRC32 ??= value;
                break;
            case "CRC32C":
                response.ChecksumCRC32C ??= value;
                break;
            case "CRC64NVME":
                response.ChecksumCRC64NVME ??= value;
                break;
            case "SHA1":
                response.ChecksumSHA1 ??= value;
                break;
            default:
                response.ChecksumSHA256 ??= value;
                break;
        }
    }

    /// <summary>Waits (bounded by the failure wait limit) for the stored-checksum lookup to end, stopping it first
    /// when <paramref name="stop"/>: a transfer's requests end with it. The lookup never throws.</summary>
    public async Task EndChecksumLookupAsync(bool stop)
    {
        if (stop)
        {
            StopChecksumLookup();
        }

        await _checksumLookup.WaitAsync(_resources.Tuning.FailureWaitLimit, _resources.TimeProvider)
            .ConfigureAwait(ConfigureAwaitOptions.SuppressThrowing);
    }

    /// <summary>Cancels the stored-checksum lookup if it is still running: the transfer is over (a file download ended,
    /// an OpenStream was disposed), and no request may outlive it. Not part of <see cref="Dispose"/>: an OpenStream
    /// reader validates after the producers let the session go.</summary>
    public void StopChecksumLookup()
    {
        CancellationTokenSource? stop = Interlocked.Exchange(ref _checksumLookupStop, null);
        if (stop is not null)
        {
            stop.Cancel();
            stop.Dispose();
        }
    }

    /// <summary>Fills the object's description into the caller's response.</summary>
    public void DescribeInto(TransferUtilityGetObjectResponseBase response)
    {
        DownloadTarget target = Target;
        response.ETag = target.ETag;
        response.ContentLength = target.TotalLength;
        response.ContentType = target.ContentType;
        response.LastModified = target.LastModified;
        response.VersionId = target.VersionId;
        response.Metadata = target.Metadata;
        _description.CopyTo(response);
    }

    public void LogFailed(Exception error) => Log.DownloadFailed(_resources.Logger, Target.BucketName, Target.Key, error);

    /// <summary>Logs the end of a download; <paramref name="destination"/> names where the bytes went.</summary>
    public void LogCompleted(string destination) =>
        Log.DownloadCompleted(_resources.Logger, Target.BucketName, Target.Key, Target.TotalLength, destination);

    /// <summary>Disposes the discovery response, and gives back its slot, if part 1 never took them (the transfer
    /// stopped first).</summary>
    public void Dispose()
    {
        Interlocked.Exchange(ref _firstResponse, null)?.Dispose();
        Interlocked.Exchange(ref _firstLease, null)?.Dispose();
        _lead?.Dispose();
    }

    /// <summary>Takes the stored checksum from the first response when it covers the whole object and carries one
    /// (a whole-object GET does; S3 sends none with a ranged GET), so a one-part object pays no extra request; a
    /// whole-object GET without one means there is none. Otherwise starts the lookup that runs alongside the parts
    /// (for a composite value from the first response, only its parts are listed).</summary>
    private static ChecksumLookupRun StartValidation(TransferResources resources, DownloadRequestBase request, TransferLane lane, DownloadTarget target,
        PartLayout layout, GetObjectResponse response, bool coversObject, ChecksumHead? head, CancellationTokenSource stop)
    {
        CancellationToken cancellationToken = stop.Token;
        var validator = new DownloadChecksumValidator(target.BucketName, target.Key, layout, MultipartETags.PartCount(target.ETag));
        var version = new ObjectVersion(target.BucketName, target.Key, target.VersionId, target.ETag, request);
        StoredChecksum? inResponse = coversObject
            ? StoredChecksum.From(response.ChecksumCRC64NVME, response.ChecksumCRC32, response.ChecksumCRC32C, response.ChecksumSHA1,
                response.ChecksumSHA256, response.ChecksumType)
            : null;
        if (head is not null)
        {
            // A HEAD of this very version already answered: only a composite checksum's parts are left to learn.
            StoredChecksum? stored = head.Stored;
            if (stored is { IsComposite: true })
            {
                return new ChecksumLookupRun(validator, StoredChecksumLookup.RunAsync(resources.S3, lane, version, validator,
                    resources.Logger, cancellationToken, known: stored), stop);
            }

            validator.SetStored(stored, stored is null ? "S3 stored no checksum with the object (or one of an algorithm this library does not check)." : null);
        }
        else if (inResponse is { IsComposite: false })
        {
            validator.SetStored(inResponse, null);
        }
        else if (inResponse is null && coversObject && (response.HttpStatusCode == HttpStatusCode.OK || target.TotalLength == 0))
        {
            // A whole-object GET asked for the checksum and got none: the object has none (a HEAD would say the same).
            validator.SetStored(null, "S3 stored no checksum with the object (or one of an algorithm this library does not check).");
        }
        else
        {
            // Never throws, and is awaited by nobody but the validator: its outcome is the stored checksum or a reason.
            return new ChecksumLookupRun(validator, StoredChecksumLookup.RunAsync(resources.S3, lane, version, validator,
                resources.Logger, cancellationToken, known: inResponse), stop);
        }

        return new ChecksumLookupRun(validator, Task.CompletedTask, stop);
    }

    /// <summary>The connections the parts' shrinking tail is cut for, or 0 for uniform parts. Each tail part is one
    /// more request, and so one more wait for a first byte; the tail pays for them where that wait is hidden (the next
    /// part's request rides the current body's slot) or where longer head parts make up the count (a download to a
    /// file). Parts held in memory keep to PartSize, and under a hard cap no request may share a slot: there every
    /// extra request leaves its connection idle for a round trip, which cost more than finishing together saved
    /// (OpenStream at a cap of 10, 256 MiB: 537 ms with the tail, 510 ms without). An automatic budget in its first
    /// contact is about to grow (to what the transfer foresees, say): the tail is cut for where it grows to.</summary>
    internal static int TailWidth(TransferResources resources, bool partsHeldInMemory) =>
        !resources.Tuning.DownloadTail || (partsHeldInMemory && !resources.Scheduler.AllowsSharedSlots)
            ? 0
            : resources.Scheduler.ExpectedRequests;

    /// <summary>The object's description, its parts (cut as <paramref name="shape"/> says, with a tail for
    /// <paramref name="tailWidth"/> connections), and how far the first answer's body reaches.</summary>
    private static OpeningAnswer Describe(DownloadRequestBase request, GetObjectResponse response, AnswerShape shape, int tailWidth,
        bool partsHeldInMemory)
    {
        // Parts waiting in memory stay at PartSize; a download to a file holds none, so its head parts may grow.
        long maxHeadPartSize = partsHeldInMemory ? 0 : shape.PartSize + (shape.PartSize / 4);
        var layout = new PartLayout(shape.Total, shape.PartSize, tailWidth, maxHeadPartSize, shape.FirstPart);
        if (layout.PartCount > 1 && string.IsNullOrEmpty(response.ETag))
        {
            throw new UnexpectedResponseException(request.BucketName!, request.Key!, "no ETag: the other parts could not be pinned to this version.");
        }

        var target = new DownloadTarget(request.BucketName!, request.Key!, response.VersionId ?? request.VersionId, response.ETag, shape.Total,
            response.Headers.ContentType, response.LastModified, response.Metadata);
        return new OpeningAnswer((target, layout), shape.Covered, shape.LeadEnd);
    }
}
