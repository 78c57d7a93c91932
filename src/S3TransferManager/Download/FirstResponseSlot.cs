using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>Hands the discovery response to exactly one owner: part 1's stream, or the final cleanup.</summary>
internal sealed class FirstResponseSlot(GetObjectResponse response)
{
    private GetObjectResponse? _response = response;

    public GetObjectResponse? Take() => Interlocked.Exchange(ref _response, null);
}
