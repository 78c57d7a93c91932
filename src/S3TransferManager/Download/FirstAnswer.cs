using Amazon.S3.Model;
using S3TransferManager.Scheduling;

namespace S3TransferManager.Download;

/// <summary>A download's first response, the slot it holds, and the object's description read from it.</summary>
internal sealed record FirstAnswer(GetObjectResponse Response, RequestLease Lease, ObjectDescription Description);
