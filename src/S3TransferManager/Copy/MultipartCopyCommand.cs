using System.Net;
using Amazon.S3;
using Amazon.S3.Model;
using S3TransferManager.Events;
using S3TransferManager.Multipart;
using S3TransferManager.Parts;
using S3TransferManager.Requests;
using S3TransferManager.Scheduling;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Copy;

/// <summary>
/// Copies an object as a multipart upload whose parts are UploadPartCopy requests for byte ranges of the source, run
/// through a <see cref="PartEngine{TPart, TStarted}"/> on the utility's request budget, each pinned to the source's ETag
/// (x-amz-copy-source-if-match). After the last part one HEAD with If-Match checks the source still has that ETag, for
/// servers that ignore the condition on the parts; then CompleteMultipartUpload, with the whole object's CRC combined
/// from the CRCs S3 reported for the parts. Any failure or cancellation aborts the upload
/// (<see cref="MultipartUploadSession"/>). Runs once.
/// </summary>
internal sealed class MultipartCopyCommand
{
    private readonly TransferResources _resources;
    private readonly TransferLane _lane;
    private readonly TransferUtilityCopyRequest _request;
    private readonly ProgressTracker _progress;
    private readonly MultipartUploadSession _session;
    private readonly CopySource _source;
    private readonly long _partSize;

    /// <summary>Each part's ETag and checksums, by part number - 1, written by the part that copied it.</summary>
    private readonly PartETag[] _parts;

    /// <summary>The upload the parts go to, once created.</summary>
    private string? _uploadId;

    /// <summary>The source's version, as the first part to report it said.</summary>
    private string? _sourceVersionId;

    public MultipartCopyCommand(TransferResources resources, TransferLane lane, TransferUtilityCopyRequest request, ProgressTracker progress,
        CopySource source)
    {
        _resources = resources;
        _lane = lane;
        _request = request;
        _progress = progress;
        _source = source;
        _session = new MultipartUploadSession(resources, lane, request.DestinationBucket!, request.DestinationKey!, request);
        // Whole waves of the request budget unless the caller chose the size, as for uploads.
        _partSize = request.PartSize is { } chosen
            ? PartSizer.ForKnownLength(source.Size, chosen)
            : PartSizer.ForWholeWaves(source.Size, TransferLimits.DefaultPartSize, resources.StartingRequests);
        _parts = new PartETag[PartSizer.PartCount(source.Size, _partSize)];
    }

    public async Task<TransferUtilityCopyResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        List<Tag>? sourceTags = await SourceTagsAsync(cancellationToken).ConfigureAwait(false);
        ChecksumAlgorithm? algorithm = _request.EffectiveChecksumAlgorithm;
        InitiateMultipartUploadRequest initiate = Create(sourceTags, UploadChecksums.MultipartTypeFor(algorithm));
        var engine = new PartEngine<int, PartETag>(new NumberedParts(_parts.Length), _resources.Scheduler.Ceiling,
            (turn, token) => new ValueTask(CopyPartAsync(turn.Part, token)), _resources.Tuning.FailureWaitLimit, _resources.TimeProvider);
        Task<string> created = _session.CreateAsync(initiate, _partSize, _source.Size, cancellationToken);
        try
        {
            // A part has nothing to prepare (no body to read or hash), so the parts start once the upload exists.
            _uploadId = await created.ConfigureAwait(false);
            await engine.RunAsync(cancellationToken).ConfigureAwait(false);
            await RecheckSourceAsync(cancellationToken).ConfigureAwait(false);

            string? fullObject = algorithm is null ? null : CopiedPartChecksums.FullObject(algorithm, _parts, PartLength);
            CompleteMultipartUploadResponse done = await _session.CompleteAsync(_uploadId!, [.. _parts], _source.Size, algorithm, fullObject,
                amend: null, cancellationToken).ConfigureAwait(false);
            _progress.Complete();
            return CopyResponses.From(done, _request, _source, _parts.Length, _sourceVersionId, fullObject);
        }
        catch (Exception)
        {
            await _session.AbortAsync(created, engine.Drained, () => engine.StillRunning, keepCreated: false,
                cancelled: cancellationToken.IsCancellationRequested).ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>CreateMultipartUpload: what CopyObject would store, with the source's metadata, content headers (from its
    /// HEAD) and <paramref name="sourceTags"/> carried over under COPY, since UploadPartCopy copies bytes only.</summary>
    private InitiateMultipartUploadRequest Create(List<Tag>? sourceTags, ChecksumType? checksumType)
    {
        var initiate = new InitiateMultipartUploadRequest
        {
            BucketName = _request.DestinationBucket,
            Key = _request.DestinationKey,
            ChecksumAlgorithm = _request.EffectiveChecksumAlgorithm,
        };
        if (checksumType is not null)
        {
            initiate.ChecksumType = checksumType;
        }

        // Under COPY the request holds no headers, metadata or tags (Validate): the source's are carried over below.
        RequestOptions.ApplyStored(_request, initiate);
        if (_request.ReplacesMetadata && (_request.ContentType ?? _request.Headers.ContentType) is { } type)
        {
            initiate.ContentType = type;
        }
        else if (!_request.ReplacesMetadata && _source.Head is { } head)
        {
            initiate.ContentType = head.ContentType;
            initiate.Headers.CacheControl = head.CacheControl;
            initiate.Headers.ContentDisposition = head.ContentDisposition;
            initiate.Headers.ContentEncoding = head.ContentEncoding;
            initiate.Headers.ContentLanguage = head.ContentLanguage;
            if (!string.IsNullOrEmpty(head.ExpiresString))
            {
                initiate.Headers["Expires"] = head.ExpiresString;
            }

            foreach (string name in head.Metadata.Keys)
            {
                initiate.Metadata.Add(name, head.Metadata[name]);
            }
        }

        if (!_request.ReplacesTags && sourceTags is { Count: > 0 })
        {
            initiate.TagSet = [.. sourceTags];
        }

        return initiate;
    }

    private long PartLength(int partNumber) => Math.Min(_partSize, _source.Size - ((partNumber - 1) * _partSize));

    private async Task CopyPartAsync(int partNumber, CancellationToken cancellationToken)
    {
        long first = (partNumber - 1) * _partSize;
        long length = PartLength(partNumber);
        var part = new CopyPartRequest
        {
            DestinationBucket = _request.DestinationBucket,
            DestinationKey = _request.DestinationKey,
            UploadId = _uploadId!,
            PartNumber = partNumber,
            FirstByte = first,
            LastByte = first + length - 1,
        };
        _source.AddressIn(_request, part);
        RequestOptions.ApplyTo(_request, part);
        CopyPartResponse response = await _resources.S3.CopyPartAsync(part, CallSlot.Take(_lane), cancellationToken).ConfigureAwait(false);
        _parts[partNumber - 1] = CopiedPartChecksums.ToPartETag(partNumber, response);
        Interlocked.CompareExchange(ref _sourceVersionId, response.CopySourceVersionId, null);
        _progress.Add(length);
    }

    /// <summary>The source's tags, which UploadPartCopy does not carry over: read only under COPY and when the HEAD says
    /// the source has some.</summary>
    private async Task<List<Tag>?> SourceTagsAsync(CancellationToken cancellationToken)
    {
        if (_request.ReplacesTags || _source.Head is not { TagsCount: > 0 })
        {
            return null;
        }

        GetObjectTaggingResponse tags = await _resources.S3.GetObjectTaggingAsync(CopySource.TagsRequest(_request), CallSlot.Take(_lane),
            cancellationToken).ConfigureAwait(false);
        return tags.Tagging;
    }

    /// <summary>Checks, once every part is copied, that the source still has the ETag the parts were pinned to.</summary>
    /// <exception cref="ObjectModifiedException">It has another, or is gone.</exception>
    private async Task RecheckSourceAsync(CancellationToken cancellationToken)
    {
        GetObjectMetadataResponse head;
        try
        {
            // Pinned to the parts' ETag: a 412 is an ObjectModifiedException already. A server that ignores
            // x-amz-copy-source-if-match on the parts would otherwise mix versions silently.
            head = await _resources.S3.HeadObjectAsync(CopySource.HeadRequest(_request, _source.ETag), CallSlot.Take(_lane), cancellationToken)
                .ConfigureAwait(false);
        }
        catch (AmazonS3Exception e) when (e.StatusCode == HttpStatusCode.NotFound)
        {
            throw new ObjectModifiedException(_request.SourceBucket!, _request.SourceKey!, _source.ETag, null, e);
        }

        if (!CopySource.SameETag(head.ETag, _source.ETag))
        {
            throw new ObjectModifiedException(_request.SourceBucket!, _request.SourceKey!, _source.ETag, head.ETag);
        }
    }
}
