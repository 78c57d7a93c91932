using Amazon.S3;

namespace S3TransferManager.Tests.Sync;

/// <summary>The checksum-mode tests' sync: a dry run of the folder to s3://b/p/ with <c>CompareChecksums</c>, on the
/// mocked client, returning the response and the entries it would act on.</summary>
internal static class ChecksumModeDryRun
{
    public static async Task<(TransferUtilitySyncResponse, List<SyncObjectEventArgs>)> RunAsync(IAmazonS3 s3, string root)
    {
        var events = new List<SyncObjectEventArgs>();
        var request = new TransferUtilitySyncRequest
        {
            SourceDirectory = root, DestinationBucket = "b", DestinationPrefix = "p", CompareChecksums = true, DryRun = true,
        };
        request.SyncObjectEvent += (_, e) => events.Add(e);
        using var utility = new TransferUtility(s3);

        TransferUtilitySyncResponse response = await utility.SyncWithResponseAsync(request);

        return (response, events);
    }
}
