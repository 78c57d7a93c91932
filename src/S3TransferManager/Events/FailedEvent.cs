using Microsoft.Extensions.Logging;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Events;

/// <summary>Raises a transfer's failed event so that a handler that throws is logged and never replaces the transfer's
/// own error, which is what the caller gets.</summary>
internal static class FailedEvent
{
    public static void Raise(ILogger logger, string eventName, string bucket, string key, Action raise)
    {
        try
        {
            raise();
        }
        catch (Exception handlerError)
        {
            Log.FailedHandlerThrew(logger, eventName, bucket, key, handlerError);
        }
    }
}
