using Amazon.S3.Model;
using S3TransferManager.Parts;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Download;

/// <summary>A part body's hold on the download's <see cref="LeadResponse"/>: the body reads its part from the lead's
/// response, and at its end hands the response on to the next part of <see cref="Layout"/>.</summary>
internal sealed record LeadHold(LeadResponse Lead, PartLayout Layout)
{
    /// <summary>Hands the response and slot of part <paramref name="part"/>, read to its end, to the next part; false
    /// when it does not take them (the last part, the parts go in parallel, or the response does not cover it).</summary>
    public bool TryHandOver(int part, GetObjectResponse response, RequestLease? lease) =>
        part < Layout.PartCount && Lead.HandOver(part + 1, Layout.EndOf(part + 1), response, lease);
}
