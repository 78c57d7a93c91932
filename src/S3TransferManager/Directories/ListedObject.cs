using Amazon.S3.Model;

namespace S3TransferManager.Directories;

/// <summary>An object of a directory download's listing with the local path it was given: null for the prefix itself
/// (the local folder), ending in a separator for a folder marker; or, instead, why it was refused one.</summary>
internal readonly record struct ListedObject(S3Object Item, string? Path, Exception? Refusal);
