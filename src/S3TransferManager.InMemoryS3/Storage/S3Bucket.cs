using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;

namespace S3TransferManager.InMemoryS3.Storage;

/// <summary>
/// A bucket: its objects by key and its multipart uploads in progress by upload id. Objects enter and leave through
/// <see cref="Put"/> and <see cref="TryDelete"/>, which hand the bucket's reference over; readers use <see cref="TryAcquire"/>.
/// </summary>
internal sealed class S3Bucket(string name)
{
    public string Name { get; } = name;

    public DateTimeOffset Created { get; } = DateTimeOffset.UtcNow;

    public ConcurrentDictionary<string, StoredObject> Objects { get; } = new(StringComparer.Ordinal);

    /// <summary>Stores the object under its key, releasing the version it replaces.</summary>
    public void Put(StoredObject storedObject)
    {
        while (true)
        {
            if (Objects.TryGetValue(storedObject.Key, out StoredObject? existing))
            {
                if (Objects.TryUpdate(storedObject.Key, storedObject, existing))
                {
                    existing.Release();
                    return;
                }
            }
            else if (Objects.TryAdd(storedObject.Key, storedObject))
            {
                return;
            }
        }
    }

    /// <summary>Removes the object, releasing the bucket's reference.</summary>
    public bool TryDelete(string key)
    {
        if (!Objects.TryRemove(key, out StoredObject? removed))
        {
            return false;
        }

        removed.Release();
        return true;
    }

    /// <summary>The current version of <paramref name="key"/> with a reader's reference taken; call Release when done.</summary>
    public bool TryAcquire(string key, [NotNullWhen(true)] out StoredObject? storedObject)
    {
        // A version replaced between the lookup and the acquire has a successor in the dictionary: look again.
        while (Objects.TryGetValue(key, out storedObject))
        {
            if (storedObject.TryAcquire())
            {
                return true;
            }
        }

        return false;
    }

    public ConcurrentDictionary<string, MultipartUpload> Uploads { get; } = new(StringComparer.Ordinal);

    /// <summary>The upload in progress with this id, if it was created for <paramref name="key"/>: S3 answers
    /// NoSuchUpload for an id used with another key, as for one it never issued.</summary>
    public bool TryGetUpload(string uploadId, string key, [NotNullWhen(true)] out MultipartUpload? upload) =>
        Uploads.TryGetValue(uploadId, out upload) && upload.Key == key;
}
