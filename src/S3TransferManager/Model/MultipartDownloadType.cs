using System.ComponentModel;

namespace S3TransferManager;

/// <summary>How the AWS SDK's TransferUtility splits a download; kept so code that sets it compiles. This library asks
/// for part 1 by number and for the rest in ranged GETs of <see cref="DownloadRequestBase.PartSize"/>.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public enum MultipartDownloadType
{
    /// <summary>The SDK's GETs by part number. Here only the first GET asks by number; the rest use ranges, whose size is
    /// the caller's choice whatever part sizes the uploader used.</summary>
    PART,

    /// <summary>Ranged GETs of <see cref="DownloadRequestBase.PartSize"/>: what this library does after the first GET.</summary>
    RANGE,
}
