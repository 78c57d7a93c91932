using Amazon.S3.Model;

namespace S3TransferManager.Download;

/// <summary>The answer to a download's first request: what the object is, and the open body of its first part.
/// The holder owns <see cref="FirstResponse"/> and must dispose it.</summary>
internal sealed record DiscoveredObject(DownloadTarget Target, PartLayout Layout, GetObjectResponse FirstResponse);
