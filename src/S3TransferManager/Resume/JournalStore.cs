using Amazon.S3;
using Microsoft.Win32.SafeHandles;
using S3TransferManager.Directories;
using S3TransferManager.Multipart;

namespace S3TransferManager.Resume;

/// <summary>
/// The journals of one <see cref="TransferUtility"/> with <see cref="TransferUtilityConfig.ResumeTransfers"/> on: finds
/// and opens each transfer's journal, and before the first one, discards the journals that went unused past
/// <see cref="TransferUtilityConfig.ResumeJournalExpiry"/>. Each open finds the journal of an identical earlier request,
/// checks it, and holds it for this transfer; null when the transfer runs without one (another transfer of the same
/// file holds it). Each command holds only its own journal (<see cref="UploadJournal"/>, <see cref="DownloadJournal"/>,
/// <see cref="DirectoryJournal"/>).
/// </summary>
internal sealed class JournalStore(TransferResources resources)
{
    /// <summary>The expiry of old journals, run once, before the utility's first resumable transfer. It never throws.</summary>
    private readonly Lazy<Task> _expired = new(() => new JournalCatalog(resources, PathsFor(resources)).ExpireAsync(CancellationToken.None));

    public JournalPaths Paths { get; } = PathsFor(resources);

    /// <summary>The paths of <paramref name="resources"/>' journals, whether resume is on or not (listing and
    /// discarding work either way).</summary>
    public static JournalPaths PathsFor(TransferResources resources) => new(
        resources.Config.ResumeJournalFolder ?? TransferUtilityConfig.DefaultResumeJournalFolder,
        resources.Config.DownloadJournalFolder, EndpointOf(resources.Client));

    /// <summary>The journal of a multipart upload from <paramref name="path"/>, with the parts an earlier run stored
    /// checked (ListParts, and each part's bytes read again and hashed).</summary>
    public async ValueTask<UploadJournal?> OpenUploadAsync(UploadContext upload, string path, SafeFileHandle source, long length, long partSize,
        CancellationToken cancellationToken)
    {
        await ExpireOnceAsync().ConfigureAwait(false);
        return await UploadJournal.OpenAsync(Paths, upload, path, source, length, partSize, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The journal of a download to <see cref="TransferUtilityDownloadRequest.FilePath"/>; its parts are checked
    /// once the first GET has answered (<see cref="DownloadJournal.PlanAsync"/>).</summary>
    public async ValueTask<DownloadJournal?> OpenDownloadAsync(TransferUtilityDownloadRequest request, CancellationToken cancellationToken)
    {
        await ExpireOnceAsync().ConfigureAwait(false);
        return DownloadJournal.Open(resources, Paths, request);
    }

    /// <summary>Whether an upload from <paramref name="sourceFullPath"/> to <paramref name="key"/> has a journal.</summary>
    public bool HasUploadJournal(string bucket, string key, string sourceFullPath) =>
        File.Exists(Paths.Upload(bucket, key, Path.GetFullPath(sourceFullPath)));

    /// <summary>Deletes the journal of a download to <paramref name="destinationFullPath"/> when there is nothing left in
    /// it to resume (its temporary file is gone); a journal another transfer holds is left.</summary>
    public void DiscardSpentDownload(string destinationFullPath) => DownloadJournal.DiscardSpent(resources.Logger, Paths, destinationFullPath);

    /// <summary>The journal of a directory upload: the files it finished.</summary>
    public async ValueTask<DirectoryJournal?> OpenUploadDirectoryAsync(TransferUtilityUploadDirectoryRequest request, CancellationToken cancellationToken)
    {
        await ExpireOnceAsync().ConfigureAwait(false);
        return DirectoryJournal.Open(resources, Paths, upload: true, request.BucketName!, request.KeyPrefix ?? string.Empty,
            request.Directory!, request.SearchPattern, request.SearchOption == SearchOption.AllDirectories);
    }

    /// <summary>The journal of a directory download: the objects it finished.</summary>
    public async ValueTask<DirectoryJournal?> OpenDownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest request, CancellationToken cancellationToken)
    {
        await ExpireOnceAsync().ConfigureAwait(false);
        return DirectoryJournal.Open(resources, Paths, upload: false, request.BucketName!, request.S3Directory ?? string.Empty,
            request.LocalDirectory!, searchPattern: null, recursive: true);
    }

    /// <summary>The endpoint journals record, so that none is resumed against another server: the client's service
    /// URL, or its region.</summary>
    internal static string EndpointOf(IAmazonS3 client) =>
        client.Config?.ServiceURL ?? client.Config?.RegionEndpoint?.SystemName ?? string.Empty;

    private Task ExpireOnceAsync() => _expired.Value;
}
