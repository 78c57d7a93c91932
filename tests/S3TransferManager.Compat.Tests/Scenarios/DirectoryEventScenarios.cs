using CompatScenarios.Infrastructure;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace CompatScenarios;

// Directory events subscribed to as an app using Amazon.S3.Transfer does (see UploadScenarios). The assertions hold for
// both libraries; where they differ nothing is asserted: TransferredBytes of the completed event (the AWS SDK reads it
// while its last progress may still be adding, so it varies run to run).
[Collection(CompatMotoCollection.Name)]
public sealed class DirectoryEventScenarios(MotoServer moto)
{
    // Four files of 10 to 13 bytes (f0.txt to f3.txt): 46 bytes in all.
    private const long TreeBytes = 46;
    private readonly List<string> _lifecycle = [];
    private readonly List<long> _filesDone = [];

    [Fact]
    public async Task UploadDirectoryAsync_LifecycleEvents_InitiatedThenCompletedOnceWithTheResponse()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        TransferUtilityUploadDirectoryRequest request = UploadRequest(bucket, WriteTree(bucket));
        UploadDirectoryCompletedEventArgs? completed = null;
        UploadDirectoryInitiatedEventArgs? initiated = null;
        request.UploadDirectoryCompletedEvent += (_, e) => completed = e;
        request.UploadDirectoryInitiatedEvent += (_, e) => initiated = e;

        await transferUtility.UploadDirectoryAsync(request);

        Assert.Equal(["initiated", "completed"], _lifecycle);
        // The folder is counted before the first file starts.
        Assert.Equal((4L, TreeBytes), (initiated!.TotalFiles, initiated.TotalBytes));
        Assert.Equal((4L, 0L), (completed!.Response.ObjectsUploaded, completed.Response.ObjectsFailed));
        Assert.Equal((4L, 4L, TreeBytes), (completed.TransferredFiles, completed.TotalFiles, completed.TotalBytes));
        Assert.Equal(4, _filesDone.Max());
    }

    [Fact]
    public async Task DownloadDirectoryAsync_LifecycleEvents_InitiatedThenCompletedOnceWithTheResponse()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = WriteTree(bucket), KeyPrefix = "p" });
        TransferUtilityDownloadDirectoryRequest request = DownloadRequest(bucket);
        DownloadDirectoryCompletedEventArgs? completed = null;
        request.DownloadDirectoryCompletedEvent += (_, e) => completed = e;

        await transferUtility.DownloadDirectoryAsync(request);

        Assert.Equal(["initiated", "completed"], _lifecycle);
        Assert.Equal((4L, 0L), (completed!.Response.ObjectsDownloaded, completed.Response.ObjectsFailed));
        Assert.Equal((4L, 4L, TreeBytes), (completed.TransferredFiles, completed.TotalFiles, completed.TotalBytes));
        Assert.Equal(4, _filesDone.Max());
    }

    [Fact]
    public async Task DownloadDirectoryAsync_ContinueOnFailureWithAFailure_CompletedWithTheFailureCounted()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = WriteTree(bucket), KeyPrefix = "p" });
        TransferUtilityDownloadDirectoryRequest request = DownloadRequest(bucket);
        request.FailurePolicy = FailurePolicy.ContinueOnFailure;
        // A folder where the file f2.txt would go: that one object fails, the other three are written.
        Directory.CreateDirectory(Path.Combine(bucket.PathFor("out"), "f2.txt"));
        DownloadDirectoryCompletedEventArgs? completed = null;
        request.DownloadDirectoryCompletedEvent += (_, e) => completed = e;

        await transferUtility.DownloadDirectoryAsync(request);

        Assert.Equal(["initiated", "completed"], _lifecycle);
        Assert.Equal((3L, 1L), (completed!.Response.ObjectsDownloaded, completed.Response.ObjectsFailed));
        Assert.Equal((3L, 4L, TreeBytes), (completed.TransferredFiles, completed.TotalFiles, completed.TotalBytes));
    }

    [Fact]
    public async Task UploadDirectoryAsync_AbortOnFailure_FailedOnceThenThrows()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        TransferUtilityUploadDirectoryRequest request = UploadRequest(bucket, WriteTree(bucket));
        request.UploadDirectoryFileRequestEvent += (_, e) =>
        {
            if ((e.UploadRequest.Key ?? "").EndsWith("f2.txt", StringComparison.Ordinal))
            {
                e.UploadRequest.BucketName = bucket.Name + "-missing";
            }
        };

        await Assert.ThrowsAsync<AmazonS3Exception>(() => transferUtility.UploadDirectoryAsync(request));

        Assert.Equal(["initiated", "failed"], _lifecycle);
    }

    [Fact]
    public async Task UploadDirectoryAsync_Cancelled_FailedOnceThenThrows()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        TransferUtilityUploadDirectoryRequest request = UploadRequest(bucket, WriteTree(bucket));
        using var cancellation = new CancellationTokenSource();
        request.UploadDirectoryFileRequestEvent += (_, _) => cancellation.Cancel();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => transferUtility.UploadDirectoryAsync(request, cancellation.Token));

        Assert.Equal(["initiated", "failed"], _lifecycle);
    }

    [Fact]
    public async Task DownloadDirectoryAsync_Cancelled_FailedOnceThenThrows()
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = WriteTree(bucket), KeyPrefix = "p" });
        TransferUtilityDownloadDirectoryRequest request = DownloadRequest(bucket);
        using var cancellation = new CancellationTokenSource();
        request.DownloadDirectoryFileRequestEvent += (_, _) => cancellation.Cancel();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => transferUtility.DownloadDirectoryAsync(request, cancellation.Token));

        Assert.Equal(["initiated", "failed"], _lifecycle);
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task UploadDirectoryAsync_ProgressEvents_TotalsFinalAndTheFileNamedUnlessConcurrent(bool concurrently)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        string source = WriteTree(bucket);
        var request = new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = source, KeyPrefix = "p", UploadFilesConcurrently = concurrently };
        var events = new ProgressRecorder<UploadDirectoryProgressArgs>(e => e.NumberOfFilesUploaded == 4);
        request.UploadDirectoryProgressEvent += events.Add;

        await transferUtility.UploadDirectoryAsync(request);

        UploadDirectoryProgressArgs[] seen = await events.AllAsync();

        Assert.All(seen, e => Assert.Equal((4, TreeBytes), (e.TotalNumberOfFiles, e.TotalBytes)));
        string[] files = Directory.GetFiles(source);
        Assert.All(seen, e => Assert.True(concurrently ? e.CurrentFile is null : files.Contains(e.CurrentFile), e.CurrentFile));
        Assert.All(seen.Where(_ => concurrently), e => Assert.Equal((0L, 0L), (e.TransferredBytesForCurrentFile, e.TotalNumberOfBytesForCurrentFile)));
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public async Task DownloadDirectoryAsync_ProgressEvents_TheObjectNamedUnlessConcurrent(bool concurrently)
    {
        await using MotoBucket bucket = await MotoBucket.CreateAsync(moto);
        using var transferUtility = new TransferUtility(bucket.Client);
        await transferUtility.UploadDirectoryAsync(new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = WriteTree(bucket), KeyPrefix = "p" });
        TransferUtilityDownloadDirectoryRequest request = DownloadRequest(bucket);
        request.DownloadFilesConcurrently = concurrently;
        var events = new ProgressRecorder<DownloadDirectoryProgressArgs>(e => e.NumberOfFilesDownloaded == 4);
        request.DownloadedDirectoryProgressEvent += events.Add;

        await transferUtility.DownloadDirectoryAsync(request);

        DownloadDirectoryProgressArgs[] seen = await events.AllAsync();

        string[] names = ["f0.txt", "f1.txt", "f2.txt", "f3.txt"];
        Assert.All(seen, e => Assert.True(concurrently ? e.CurrentFile is null : names.Contains(e.CurrentFile), e.CurrentFile));
        Assert.All(seen.Where(_ => concurrently), e => Assert.Equal((0L, 0L), (e.TransferredBytesForCurrentFile, e.TotalNumberOfBytesForCurrentFile)));
    }

    private static string WriteTree(MotoBucket bucket)
    {
        string source = Directory.CreateDirectory(bucket.PathFor("src")).FullName;
        for (int i = 0; i < 4; i++)
        {
            File.WriteAllText(Path.Combine(source, $"f{i}.txt"), new string('x', 10 + i));
        }

        return source;
    }

    private TransferUtilityUploadDirectoryRequest UploadRequest(MotoBucket bucket, string source)
    {
        var request = new TransferUtilityUploadDirectoryRequest { BucketName = bucket.Name, Directory = source, KeyPrefix = "p" };
        request.UploadDirectoryInitiatedEvent += OnUploadInitiated;
        request.UploadDirectoryCompletedEvent += OnUploadCompleted;
        request.UploadDirectoryFailedEvent += OnUploadFailed;
        request.UploadDirectoryProgressEvent += OnUploadProgress;
        return request;
    }

    private TransferUtilityDownloadDirectoryRequest DownloadRequest(MotoBucket bucket)
    {
        var request = new TransferUtilityDownloadDirectoryRequest { BucketName = bucket.Name, S3Directory = "p", LocalDirectory = bucket.PathFor("out") };
        request.DownloadDirectoryInitiatedEvent += OnDownloadInitiated;
        request.DownloadDirectoryCompletedEvent += OnDownloadCompleted;
        request.DownloadDirectoryFailedEvent += OnDownloadFailed;
        request.DownloadedDirectoryProgressEvent += OnDownloadProgress;
        return request;
    }

    private void OnUploadInitiated(object? sender, UploadDirectoryInitiatedEventArgs e) => Record("initiated", e.Request);

    private void OnUploadCompleted(object? sender, UploadDirectoryCompletedEventArgs e) => Record("completed", e.Request);

    private void OnUploadFailed(object? sender, UploadDirectoryFailedEventArgs e) => Record("failed", e.Request);

    private void OnUploadProgress(object? sender, UploadDirectoryProgressArgs e)
    {
        lock (_filesDone)
        {
            _filesDone.Add(e.NumberOfFilesUploaded);
        }
    }

    private void OnDownloadInitiated(object? sender, DownloadDirectoryInitiatedEventArgs e) => Record("initiated", e.Request);

    private void OnDownloadCompleted(object? sender, DownloadDirectoryCompletedEventArgs e) => Record("completed", e.Request);

    private void OnDownloadFailed(object? sender, DownloadDirectoryFailedEventArgs e) => Record("failed", e.Request);

    private void OnDownloadProgress(object? sender, DownloadDirectoryProgressArgs e)
    {
        lock (_filesDone)
        {
            _filesDone.Add(e.NumberOfFilesDownloaded);
        }
    }

    private void Record(string name, object request)
    {
        Assert.NotNull(request);
        lock (_lifecycle)
        {
            _lifecycle.Add(name);
        }
    }

    /// <summary>Keeps progress events raised on any thread. The AWS SDK raises directory progress on a background
    /// dispatcher, possibly after the call returned: <see cref="AllAsync"/> waits (bounded) for the last one.</summary>
    private sealed class ProgressRecorder<T>(Func<T, bool> isLast)
    {
        private readonly List<T> _events = [];
        private readonly TaskCompletionSource _last = new(TaskCreationOptions.RunContinuationsAsynchronously);

        public void Add(object? sender, T e)
        {
            lock (_events)
            {
                _events.Add(e);
            }

            if (isLast(e))
            {
                _last.TrySetResult();
            }
        }

        public async Task<T[]> AllAsync()
        {
            await _last.Task.WaitAsync(TimeSpan.FromSeconds(30));
            lock (_events)
            {
                return [.. _events];
            }
        }
    }
}
