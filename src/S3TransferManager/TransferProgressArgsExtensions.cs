using Amazon.S3.Model;
using S3TransferManager.Events;

namespace S3TransferManager;

/// <summary>What this library's transfers report beyond the public members of the AWS SDK's
/// <see cref="TransferProgressArgs"/>, which its events carry (<see cref="WriteObjectProgressArgs"/>,
/// <see cref="UploadProgressArgs"/>).</summary>
public static class TransferProgressArgsExtensions
{
    /// <param name="progress">One progress event.</param>
    extension(TransferProgressArgs progress)
    {
        /// <summary>Bytes moved since the previous event of the same transfer (the AWS SDK keeps this value internal);
        /// the increments of a transfer's events add up to its last <see cref="TransferProgressArgs.TransferredBytes"/>.</summary>
        public long IncrementTransferred => SdkProgressArgs.IncrementTransferred(progress);
    }
}
