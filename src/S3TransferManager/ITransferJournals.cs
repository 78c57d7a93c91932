using Microsoft.Win32.SafeHandles;
using S3TransferManager.Download;
using S3TransferManager.Multipart;
using S3TransferManager.Resume;
using S3TransferManager.Upload;

namespace S3TransferManager;

/// <summary>
/// Where commands find the journals that let an interrupted transfer resume (present only when
/// <see cref="TransferUtilityConfig.ResumeTransfers"/> is on). Each call finds the journal of an identical earlier
/// request, checks it, and holds it for this transfer; null when the transfer runs without one (another transfer of the
/// same file holds it). Each command holds only its own journal (<see cref="UploadJournal"/>,
/// <see cref="DownloadJournal"/>, <see cref="DirectoryJournal"/>).
/// </summary>
internal interface ITransferJournals
{
    /// <summary>The journal of a multipart upload from <paramref name="path"/>, with the parts an earlier run stored
    /// checked (ListParts, and each part's bytes read again and hashed).</summary>
    ValueTask<UploadJournal?> OpenUploadAsync(UploadContext upload, string path, SafeFileHandle source, long length, long partSize,
        CancellationToken cancellationToken);

    /// <summary>Whether an upload from <paramref name="sourceFullPath"/> to <paramref name="key"/> has a journal.</summary>
    bool HasUploadJournal(string bucket, string key, string sourceFullPath);

    /// <summary>The journal of a download to <see cref="TransferUtilityDownloadRequest.FilePath"/>; its parts are checked
    /// once the first GET has answered (<see cref="DownloadJournal.PlanAsync"/>).</summary>
    ValueTask<DownloadJournal?> OpenDownloadAsync(TransferUtilityDownloadRequest request, CancellationToken cancellationToken);

    /// <summary>Deletes the journal of a download to <paramref name="destinationFullPath"/> when there is nothing left in
    /// it to resume (its temporary file is gone); a journal another transfer holds is left.</summary>
    void DiscardSpentDownload(string destinationFullPath);

    /// <summary>The journal of a directory upload: the files it finished.</summary>
    ValueTask<DirectoryJournal?> OpenUploadDirectoryAsync(TransferUtilityUploadDirectoryRequest request, CancellationToken cancellationToken);

    /// <summary>The journal of a directory download: the objects it finished.</summary>
    ValueTask<DirectoryJournal?> OpenDownloadDirectoryAsync(TransferUtilityDownloadDirectoryRequest request, CancellationToken cancellationToken);
}
