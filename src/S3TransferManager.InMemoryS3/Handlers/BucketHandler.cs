using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>Bucket-level operations without a body of their own: CreateBucket, HeadBucket, DeleteBucket, ListBuckets.</summary>
internal static class BucketHandler
{
    /// <summary>Creating a bucket that exists succeeds, as in us-east-1 (other regions answer 409 BucketAlreadyOwnedByYou).</summary>
    public static Task CreateAsync(HttpContext context, ObjectStore store, string bucketName)
    {
        store.TryCreateBucket(bucketName);
        context.Response.Headers.Location = "/" + bucketName;
        return Task.CompletedTask;
    }

    public static Task HeadAsync(HttpContext context, ObjectStore store, string bucketName)
    {
        if (!store.TryGetBucket(bucketName, out _))
        {
            context.Response.StatusCode = StatusCodes.Status404NotFound;
        }

        return Task.CompletedTask;
    }

    public static Task DeleteAsync(HttpContext context, ObjectStore store, S3Bucket bucket)
    {
        if (!bucket.Objects.IsEmpty || !bucket.Uploads.IsEmpty)
        {
            return S3ErrorWriter.WriteAsync(context, StatusCodes.Status409Conflict, "BucketNotEmpty", "The bucket you tried to delete is not empty");
        }

        store.TryDeleteBucket(bucket.Name);
        context.Response.StatusCode = StatusCodes.Status204NoContent;
        return Task.CompletedTask;
    }

    public static Task ListAsync(HttpContext context, ObjectStore store) =>
        S3Xml.WriteAsync(context, StatusCodes.Status200OK, store, static (writer, s) =>
        {
            writer.WriteStartElement("ListAllMyBucketsResult", S3Xml.Namespace);
            writer.WriteStartElement("Owner");
            writer.WriteElementString("ID", "in-memory");
            writer.WriteElementString("DisplayName", "in-memory");
            writer.WriteEndElement();
            writer.WriteStartElement("Buckets");
            foreach (S3Bucket bucket in s.Buckets)
            {
                writer.WriteStartElement("Bucket");
                writer.WriteElementString("Name", bucket.Name);
                writer.WriteElementString("CreationDate", S3Xml.FormatTimestamp(bucket.Created));
                writer.WriteEndElement();
            }

            writer.WriteEndElement();
            writer.WriteEndElement();
        });
}
