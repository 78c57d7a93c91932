using System.Runtime.CompilerServices;
using S3TransferManager.Internal;
using S3TransferManager.Upload;

namespace S3TransferManager.Directories;

/// <summary>
/// Uploads the files of a folder, enumerated lazily, each through <see cref="UploadCommand"/> (one PutObject when
/// small, multipart when big) with a bounded number of files in flight.
/// </summary>
internal sealed class UploadDirectoryCommand
{
    private readonly TransferResources _resources;
    private readonly TransferUtilityUploadDirectoryRequest _request;
    private readonly string _root;
    private long _foundFiles;
    private long _foundBytes;
    private long _doneFiles;
    private long _doneBytes;

    public UploadDirectoryCommand(TransferResources resources, TransferUtilityUploadDirectoryRequest request)
    {
        _resources = resources;
        _request = request;
        _root = Path.GetFullPath(request.Directory!);
    }

    public async Task<TransferUtilityUploadDirectoryResponse> ExecuteAsync(CancellationToken cancellationToken)
    {
        // Every request of every file draws on the utility's one budget, so workers only wait there; twice the budget
        // keeps it busy while some are between files (as for directory downloads).
        var runner = new DirectoryRunner<FileInfo>(2 * _resources.Config.RequestCeiling, _request.FailurePolicy);
        await runner.RunAsync(EnumerateAsync, UploadOneAsync, cancellationToken).ConfigureAwait(false);
        return new TransferUtilityUploadDirectoryResponse(runner.Succeeded, runner.Errors.Count, runner.Errors);
    }

    private async IAsyncEnumerable<FileInfo> EnumerateAsync([EnumeratorCancellation] CancellationToken cancellationToken)
    {
        // Enumerating touches the disk synchronously: leave the caller's thread before the first file.
        await Task.CompletedTask.ConfigureAwait(ConfigureAwaitOptions.ForceYielding);
        foreach (string path in System.IO.Directory.EnumerateFiles(_root, _request.SearchPattern, _request.SearchOption))
        {
            cancellationToken.ThrowIfCancellationRequested();
            var file = new FileInfo(path);
            Interlocked.Increment(ref _foundFiles);
            Interlocked.Add(ref _foundBytes, file.Length);
            yield return file;
        }
    }

    private async Task UploadOneAsync(FileInfo file, CancellationToken cancellationToken)
    {
        string relative = Path.GetRelativePath(_root, file.FullName).Replace(Path.DirectorySeparatorChar, '/');
        TransferUtilityUploadRequest objectRequest = _request.ForFile(file.FullName, _request.KeyFor(relative));
        try
        {
            _request.OnFileRequest(new UploadDirectoryFileRequestArgs(objectRequest));
            await new UploadCommand(_resources, objectRequest).ExecuteAsync(cancellationToken).ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OperationCanceledException || !cancellationToken.IsCancellationRequested)
        {
            _request.OnFailed(new ObjectUploadFailedEventArgs(_request, objectRequest, e));
            throw;
        }

        long done = Interlocked.Increment(ref _doneFiles);
        long bytes = Interlocked.Add(ref _doneBytes, file.Length);
        _request.OnProgress(new UploadDirectoryProgressArgs(Saturate(done), Saturate(Interlocked.Read(ref _foundFiles)), bytes,
            Interlocked.Read(ref _foundBytes), file.FullName));
    }

    private static int Saturate(long count) => (int)Math.Min(count, int.MaxValue);
}
