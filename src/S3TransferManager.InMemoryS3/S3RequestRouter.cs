using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Http.Features;
using S3TransferManager.InMemoryS3.Compatibility;
using S3TransferManager.InMemoryS3.Handlers;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;
using S3TransferManager.InMemoryS3.Throttling;

namespace S3TransferManager.InMemoryS3;

/// <summary>
/// The single request delegate: counts the request, applies the S3-like profile, splits the path-style URL into
/// bucket and key, and dispatches on method and query. No routing middleware: this is the hot path.
/// </summary>
internal sealed class S3RequestRouter(
    ObjectStore store,
    RequestCounters counters,
    ConnectionThrottleRegistry? throttles,
    TimeSpan firstByteDelay,
    SlowFirstBytes? slowFirstBytes,
    SlowDownGate? slowDown,
    ServerHabits habits,
    ServiceShape service)
{
    public async Task InvokeAsync(HttpContext context)
    {
        (string bucket, string key) = SplitPath(context);
        if (bucket == AdminHandler.PathSegment)
        {
            // Control requests from InMemoryS3Process are neither counted nor throttled.
            await AdminHandler.HandleAsync(context, store, counters, key);
            return;
        }

        counters.BeginRequest();
        bool admitted = false;
        FirstByteDelay? delay = null;
        try
        {
            delay = ApplyProfile(context);
            S3Operation operation = Classify(context.Request, bucket, key);
            counters.Count(operation);
            admitted = slowDown?.TryEnter() ?? true;
            if (!admitted)
            {
                counters.CountSlowDown();
                await S3ErrorWriter.WriteAsync(context, StatusCodes.Status503ServiceUnavailable, "SlowDown", "Please reduce your request rate.");
                return;
            }

            using IDisposable? turn = await service.EnterAsync(context);
            await (RequestRefusals.TryRefuse(context, habits, operation) ?? DispatchAsync(context, operation, bucket, key));
            if (delay is not null && !context.Response.HasStarted)
            {
                // A response without a body (PutObject, UploadPart) starts only after this method returns: wait its
                // time to first byte here, so the request counts as in flight until then, as one with a body does.
                await delay.WaitOnceAsync(context.RequestAborted);
            }
        }
        catch (Exception ex) when (ex is InvalidDataException && !context.Response.HasStarted)
        {
            await S3ErrorWriter.WriteAsync(context, StatusCodes.Status400BadRequest, "IncompleteBody", ex.Message);
        }
        catch (Exception ex) when (ex is OperationCanceledException or IOException && context.RequestAborted.IsCancellationRequested)
        {
            // The client went away mid-transfer: nothing to answer.
        }
        finally
        {
            if (admitted)
            {
                slowDown?.Exit();
            }

            counters.EndRequest();
        }
    }

    private FirstByteDelay? ApplyProfile(HttpContext context)
    {
        if (throttles is null)
        {
            return null;
        }

        ConnectionThrottle throttle = throttles.Get(context.Connection.Id);
        context.Request.Body = new ThrottledStream(context.Request.Body, throttle);
        context.Response.Body = new ThrottledStream(context.Response.Body, throttle);
        TimeSpan wait = slowFirstBytes?.Choose(firstByteDelay) ?? firstByteDelay;
        if (wait > TimeSpan.Zero)
        {
            // OnStarting runs just before the status line is sent, so the delay lands before the first response byte
            // (after the request body, as with S3's time to first byte) for every response, bodies or not.
            var delay = new FirstByteDelay(wait);
            context.Response.OnStarting(static state => ((FirstByteDelay)state).WaitOnceAsync(), delay);
            return delay;
        }

        return null;
    }

    /// <summary>Path-style addressing: <c>/{bucket}/{key}</c>, from the raw target so encoded slashes and spaces survive.</summary>
    private static (string Bucket, string Key) SplitPath(HttpContext context)
    {
        string target = context.Features.GetRequiredFeature<IHttpRequestFeature>().RawTarget;
        int queryStart = target.IndexOf('?', StringComparison.Ordinal);
        string path = queryStart < 0 ? target : target[..queryStart];
        path = path.StartsWith('/') ? path[1..] : path;
        int slash = path.IndexOf('/', StringComparison.Ordinal);
        return slash < 0
            ? (Uri.UnescapeDataString(path), string.Empty)
            : (Uri.UnescapeDataString(path[..slash]), Uri.UnescapeDataString(path[(slash + 1)..]));
    }

    private static S3Operation Classify(HttpRequest request, string bucket, string key)
    {
        string method = request.Method;
        IQueryCollection query = request.Query;
        if (bucket.Length == 0)
        {
            return HttpMethods.IsGet(method) ? S3Operation.ListBuckets : S3Operation.Unknown;
        }

        if (key.Length == 0)
        {
            return method switch
            {
                _ when HttpMethods.IsPut(method) => query.Count == 0 ? S3Operation.CreateBucket : S3Operation.Unknown,
                _ when HttpMethods.IsHead(method) => S3Operation.HeadBucket,
                _ when HttpMethods.IsDelete(method) => query.Count == 0 ? S3Operation.DeleteBucket : S3Operation.Unknown,
                _ when HttpMethods.IsGet(method) && query.ContainsKey("uploads") => S3Operation.ListMultipartUploads,
                _ when HttpMethods.IsGet(method) && query["list-type"] == "2" => S3Operation.ListObjectsV2,
                _ when HttpMethods.IsPost(method) && query.ContainsKey("delete") => S3Operation.DeleteObjects,
                _ => S3Operation.Unknown,
            };
        }

        bool hasUploadId = query.ContainsKey("uploadId");
        return method switch
        {
            _ when HttpMethods.IsGet(method) && hasUploadId => S3Operation.ListParts,
            _ when HttpMethods.IsGet(method) && query.ContainsKey("attributes") => S3Operation.GetObjectAttributes,
            _ when HttpMethods.IsGet(method) && query.ContainsKey("partNumber") => S3Operation.GetObjectPart,
            _ when HttpMethods.IsGet(method) && request.Headers.Range.Count > 0 => S3Operation.GetObjectRange,
            _ when HttpMethods.IsGet(method) => HasSubresource(query) ? S3Operation.Unknown : S3Operation.GetObject,
            _ when HttpMethods.IsHead(method) => S3Operation.HeadObject,
            _ when HttpMethods.IsPut(method) && request.Headers.ContainsKey("x-amz-copy-source") => S3Operation.Unknown,
            _ when HttpMethods.IsPut(method) && hasUploadId => S3Operation.UploadPart,
            _ when HttpMethods.IsPut(method) => HasSubresource(query) ? S3Operation.Unknown : S3Operation.PutObject,
            _ when HttpMethods.IsPost(method) && query.ContainsKey("uploads") => S3Operation.CreateMultipartUpload,
            _ when HttpMethods.IsPost(method) && hasUploadId => S3Operation.CompleteMultipartUpload,
            _ when HttpMethods.IsDelete(method) && hasUploadId => S3Operation.AbortMultipartUpload,
            _ when HttpMethods.IsDelete(method) => HasSubresource(query) ? S3Operation.Unknown : S3Operation.DeleteObject,
            _ => S3Operation.Unknown,
        };
    }

    /// <summary>Sub-resources such as <c>?tagging</c> or <c>?acl</c> name other operations; response overrides do not.</summary>
    private static bool HasSubresource(IQueryCollection query)
    {
        foreach (KeyValuePair<string, Microsoft.Extensions.Primitives.StringValues> pair in query)
        {
            if (!pair.Key.StartsWith("response-", StringComparison.Ordinal) && !pair.Key.StartsWith("x-id", StringComparison.Ordinal)
                && !pair.Key.StartsWith("X-Amz-", StringComparison.Ordinal))
            {
                return true;
            }
        }

        return false;
    }

    private Task DispatchAsync(HttpContext context, S3Operation operation, string bucketName, string key) => operation switch
    {
        S3Operation.ListBuckets => BucketHandler.ListAsync(context, store),
        S3Operation.CreateBucket => BucketHandler.CreateAsync(context, store, bucketName),
        S3Operation.HeadBucket => BucketHandler.HeadAsync(context, store, bucketName),
        S3Operation.Unknown => S3ErrorWriter.NotImplementedAsync(context),
        // Every other operation acts in a bucket, whose absence S3 reports before anything about the request itself.
        _ => store.TryGetBucket(bucketName, out S3Bucket? bucket)
            ? DispatchInBucketAsync(context, operation, bucket, key)
            : S3ErrorWriter.NoSuchBucketAsync(context),
    };

    private Task DispatchInBucketAsync(HttpContext context, S3Operation operation, S3Bucket bucket, string key) => operation switch
    {
        S3Operation.DeleteBucket => BucketHandler.DeleteAsync(context, store, bucket),
        S3Operation.ListObjectsV2 => ListObjectsV2Handler.HandleAsync(context, bucket),
        S3Operation.GetObject or S3Operation.GetObjectRange or S3Operation.GetObjectPart or S3Operation.HeadObject =>
            GetObjectHandler.HandleAsync(context, store, bucket, key),
        S3Operation.PutObject => PutObjectHandler.HandleAsync(context, store, bucket, key),
        S3Operation.DeleteObject => DeleteObjectHandler.HandleAsync(context, bucket, key),
        S3Operation.DeleteObjects => DeleteObjectsHandler.HandleAsync(context, store, bucket),
        S3Operation.CreateMultipartUpload => CreateMultipartUploadHandler.HandleAsync(context, bucket, key),
        S3Operation.UploadPart => UploadPartHandler.HandleAsync(context, store, bucket, key),
        S3Operation.CompleteMultipartUpload => CompleteMultipartUploadHandler.HandleAsync(context, store, bucket, key),
        S3Operation.AbortMultipartUpload => AbortMultipartUploadHandler.HandleAsync(context, bucket, key),
        S3Operation.ListMultipartUploads => ListMultipartUploadsHandler.HandleAsync(context, bucket),
        S3Operation.ListParts => ListPartsHandler.HandleAsync(context, bucket, key),
        S3Operation.GetObjectAttributes => GetObjectAttributesHandler.HandleAsync(context, store, bucket, key),
        _ => S3ErrorWriter.NotImplementedAsync(context),
    };
}
