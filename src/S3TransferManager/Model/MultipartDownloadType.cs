using System.ComponentModel;

namespace S3TransferManager;

/// <summary>How the AWS SDK's TransferUtility splits a download; kept so code that sets it compiles. This library always
/// uses ranged GETs of <see cref="DownloadRequestBase.PartSize"/>.</summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public enum MultipartDownloadType
{
    /// <summary>The SDK's GETs by part number. Here downloads still use ranges: their size is the caller's choice
    /// whatever part sizes the uploader used, and every S3-compatible server answers them.</summary>
    PART,

    /// <summary>Ranged GETs of <see cref="DownloadRequestBase.PartSize"/>: what this library always does.</summary>
    RANGE,
}
