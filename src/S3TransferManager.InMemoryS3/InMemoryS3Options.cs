namespace S3TransferManager.InMemoryS3;

/// <summary>Settings of an <see cref="InMemoryS3Server"/>.</summary>
public sealed class InMemoryS3Options
{
    /// <summary>The traffic profile.</summary>
    /// <value>Default <see cref="InMemoryS3Profile.Raw"/>.</value>
    public InMemoryS3Profile Profile { get; set; } = InMemoryS3Profile.Raw;

    /// <summary>The TCP port to bind on 127.0.0.1; 0 picks a free port.</summary>
    /// <value>Default 0.</value>
    public int Port { get; set; }

    /// <summary>The delay before the first byte of every response, in the <see cref="InMemoryS3Profile.S3Like"/> profile.</summary>
    /// <value>Default 20 ms.</value>
    public TimeSpan FirstByteDelay { get; set; } = TimeSpan.FromMilliseconds(20);

    /// <summary>
    /// The share of requests (0 to 1, drawn at random per request) whose first response byte waits
    /// <see cref="SlowFirstByteDelay"/> instead of <see cref="FirstByteDelay"/>, in the <see cref="InMemoryS3Profile.S3Like"/>
    /// profile: the tail of S3's answer times, where about one request in a thousand takes seconds instead of tenths.
    /// </summary>
    /// <value>Default 0: none.</value>
    public double SlowFirstByteFraction { get; set; }

    /// <summary>The delay before the first response byte of the slow requests (<see cref="SlowFirstByteFraction"/>).</summary>
    /// <value>Default 2 s.</value>
    public TimeSpan SlowFirstByteDelay { get; set; } = TimeSpan.FromSeconds(2);

    /// <summary>
    /// The bandwidth cap of one connection, in bytes per second, shared by request and response bodies, in the
    /// <see cref="InMemoryS3Profile.S3Like"/> profile.
    /// </summary>
    /// <value>Default 60,000,000 (60 MB/s).</value>
    public long BandwidthBytesPerSecond { get; set; } = 60_000_000;

    /// <summary>
    /// Whether ETags of uploaded bodies (PutObject, UploadPart) are the MD5 of the content, as S3 computes them. MD5
    /// runs at well under 1 GiB/s on one core, so upload benchmarks can turn it off to keep the endpoint from being
    /// the bottleneck; ETags are then random but unique, and multipart ETags keep their <c>-N</c> form. Caution: the
    /// AWS SDK checks a single-part ETag against the MD5 of a whole-object GET body, so objects PUT in this mode fail
    /// that check when downloaded whole with the SDK. Seeded objects always get real MD5 ETags.
    /// </summary>
    public bool ComputeMd5ETags { get; set; } = true;

    /// <summary>The smallest size CompleteMultipartUpload accepts for every part but the last (S3: 5 MiB).</summary>
    /// <value>Default 5 MiB.</value>
    public long MinimumPartSize { get; set; } = 5L * 1024 * 1024;

    /// <summary>
    /// Memory to allocate and touch at start for object storage, so the first uploads do not pay a page fault per
    /// 4 KiB (on a virtual machine that held uploads into fresh memory to ~100-200 MB/s). Storage of replaced,
    /// deleted and aborted objects is recycled in any case; this only pre-fills the pool. At most 4 GiB.
    /// </summary>
    /// <value>Default 0.</value>
    public long PrewarmedStorageBytes { get; set; }

    /// <summary>
    /// Above this many requests per second (sustained; a burst of a tenth of a second passes) the endpoint answers
    /// 503 SlowDown instead of serving, as S3 does per prefix. In any profile; see
    /// <see cref="InMemoryS3RequestCounts.SlowDownResponses"/> for how many it sent.
    /// </summary>
    /// <value>Default 0: no rate limit.</value>
    public double SlowDownAboveRequestsPerSecond { get; set; }

    /// <summary>Above this many requests in flight at once the endpoint answers 503 SlowDown instead of serving.</summary>
    /// <value>Default 0: no limit.</value>
    public int SlowDownAboveConcurrentRequests { get; set; }

    /// <summary>
    /// Whether to serve HTTPS instead of HTTP, with a self-signed certificate for 127.0.0.1 made in memory at start
    /// (never written to disk). Clients trust exactly that certificate through
    /// <see cref="InMemoryS3Server.CreateClientHandler"/> (or the same on <see cref="InMemoryS3Process"/>).
    /// </summary>
    /// <value>Default <see langword="false"/>.</value>
    public bool UseHttps { get; set; }

    /// <summary>How stored checksums are described: as S3 does, or as moto does (composite values bare in HEADs, no
    /// parts in GetObjectAttributes; optionally a CRC32 stored where CRC32C was asked).</summary>
    /// <value>Default <see cref="InMemoryS3ChecksumStyle.S3"/>.</value>
    public InMemoryS3ChecksumStyle ChecksumStyle { get; set; } = InMemoryS3ChecksumStyle.S3;

    /// <summary>
    /// Whether DeleteObjects (POST <c>?delete</c>, many keys in one request) is served. When false it is answered 400
    /// <c>NotImplemented</c>, as Google Cloud Storage's S3-compatible XML API answers it, so clients can be tested
    /// against a server that deletes only one key per request.
    /// </summary>
    /// <value>Default <see langword="true"/>.</value>
    public bool SupportsDeleteObjects { get; set; } = true;

    /// <summary>
    /// Whether requests may carry checksum headers (<c>x-amz-checksum-*</c>, including <c>-algorithm</c> and
    /// <c>-mode</c>, and <c>x-amz-sdk-checksum-algorithm</c>). When false, any request with one is answered 400
    /// <c>InvalidArgument</c>, "Unsupported header 'NAME' received for this API call.", as Backblaze B2's S3-compatible
    /// API answers them.
    /// </summary>
    /// <value>Default <see langword="true"/>.</value>
    public bool SupportsChecksumHeaders { get; set; } = true;

    /// <summary>What the endpoint does with aws-chunked request bodies: decode them as S3 does, refuse them as OpenStack
    /// Swift's s3api does, or store them framing and all as s3rver and Google Cloud Storage's XML API do.</summary>
    /// <value>Default <see cref="InMemoryS3AwsChunkedBodies.Decode"/>.</value>
    public InMemoryS3AwsChunkedBodies AwsChunkedBodies { get; set; } = InMemoryS3AwsChunkedBodies.Decode;

    /// <summary>
    /// Whether GET and HEAD with <c>?partNumber=N</c> (one part of a multipart object) are served. When false they are
    /// answered 405 <c>MethodNotAllowed</c>, as OpenStack Swift's s3api answers them (2.30: it routes <c>partNumber</c>
    /// to its UploadPart controller, which has no GET).
    /// </summary>
    /// <value>Default <see langword="true"/>.</value>
    public bool SupportsPartNumberGet { get; set; } = true;

    /// <summary>
    /// Whether a multipart object's ETag ends in <c>-N</c> (its part count), as S3's does. When false it is the bare
    /// MD5 of the part digests, as s3rver 3.7 makes it, so it cannot be told from a single PUT's ETag.
    /// </summary>
    /// <value>Default <see langword="true"/>.</value>
    public bool MultipartETagsHavePartCount { get; set; } = true;

    /// <summary>
    /// Whether CompleteMultipartUpload answers <c>&lt;ETag&gt;&lt;/ETag&gt;</c>, as Ceph RADOS Gateway 16 does. The
    /// object is stored all the same, and HEAD and GET give its ETag.
    /// </summary>
    /// <value>Default <see langword="false"/>.</value>
    public bool EmptyETagFromCompleteMultipartUpload { get; set; }

    /// <summary>
    /// Whether a ranged GET of an empty object is answered as s3rver 3.7 answers it: 206 with
    /// <c>Content-Range: bytes 0-0/0</c> and <c>Content-Length: 1</c>, then the connection closed with no byte sent
    /// (S3 answers 416 InvalidRange).
    /// </summary>
    /// <value>Default <see langword="false"/>.</value>
    public bool EmptyObjectRangeAnsweredAsOneByte { get; set; }

    /// <summary>
    /// How many requests the endpoint serves at once, in any profile; the rest wait in a queue, first come first
    /// served, with no byte of their answer sent, as a small server does (a NAS, a single MinIO node, moto). With
    /// <see cref="ServedBytesPerSecond"/>, the slow-server profile: a client that sends more requests than this only
    /// lengthens their wait.
    /// </summary>
    /// <value>Default 0: every request is served at once.</value>
    public int ServedAtOnce { get; set; }

    /// <summary>The pace of each request being served, in bytes per second of its request and response bodies together
    /// (5 MiB a second: 1 s per 5 MiB). In any profile; with a connection's bandwidth cap (S3-like) the lower one holds.</summary>
    /// <value>Default 0: no pace.</value>
    public long ServedBytesPerSecond { get; set; }

    internal void Validate()
    {
        ArgumentOutOfRangeException.ThrowIfNegative(Port);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(Port, 65535);
        ArgumentOutOfRangeException.ThrowIfLessThan(FirstByteDelay, TimeSpan.Zero);
        ArgumentOutOfRangeException.ThrowIfNegative(SlowFirstByteFraction);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(SlowFirstByteFraction, 1);
        ArgumentOutOfRangeException.ThrowIfLessThan(SlowFirstByteDelay, TimeSpan.Zero);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(BandwidthBytesPerSecond);
        ArgumentOutOfRangeException.ThrowIfNegative(MinimumPartSize);
        ArgumentOutOfRangeException.ThrowIfNegative(PrewarmedStorageBytes);
        ArgumentOutOfRangeException.ThrowIfNegative(SlowDownAboveRequestsPerSecond);
        ArgumentOutOfRangeException.ThrowIfNegative(SlowDownAboveConcurrentRequests);
        ArgumentOutOfRangeException.ThrowIfNegative(ServedAtOnce);
        ArgumentOutOfRangeException.ThrowIfNegative(ServedBytesPerSecond);
        if (!Enum.IsDefined(ChecksumStyle))
        {
            throw new ArgumentOutOfRangeException(nameof(ChecksumStyle), ChecksumStyle, "Not a checksum style.");
        }

        if (!Enum.IsDefined(AwsChunkedBodies))
        {
            throw new ArgumentOutOfRangeException(nameof(AwsChunkedBodies), AwsChunkedBodies, "Not a way of handling aws-chunked bodies.");
        }
    }
}
