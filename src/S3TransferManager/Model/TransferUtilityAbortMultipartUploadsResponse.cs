using System.ComponentModel;

namespace S3TransferManager;

/// <summary>
/// Kept so that code naming the AWS SDK's type compiles after the <c>using</c> swap: as in AWSSDK.S3 4.1.0, no
/// method returns it (<see cref="TransferUtility.AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>
/// returns a plain task), and it has no members. Hidden from IntelliSense.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed class TransferUtilityAbortMultipartUploadsResponse
{
}
