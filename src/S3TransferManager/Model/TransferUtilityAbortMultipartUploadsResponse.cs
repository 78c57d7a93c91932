namespace S3TransferManager;

/// <summary>
/// Kept so that code naming the AWS SDK's type compiles after the <c>using</c> swap: as in AWSSDK.S3 4.0.104.5, no
/// method returns it (<see cref="TransferUtility.AbortMultipartUploadsAsync(string, DateTime, CancellationToken)"/>
/// returns a plain task), and it has no members.
/// </summary>
public sealed class TransferUtilityAbortMultipartUploadsResponse
{
}
