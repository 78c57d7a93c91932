using System.Globalization;
using Microsoft.AspNetCore.Http;
using S3TransferManager.InMemoryS3.Http;
using S3TransferManager.InMemoryS3.Storage;

namespace S3TransferManager.InMemoryS3.Handlers;

/// <summary>
/// Control requests under <c>/_inmemory/</c> (a name no bucket can have), so <see cref="InMemoryS3Process"/> can read
/// counters and seed objects in a server that runs in another process: <c>GET counters</c>,
/// <c>POST reset-counters</c>, <c>POST seed?bucket&amp;key&amp;length[&amp;partSize][&amp;seed][&amp;contentType]</c>.
/// </summary>
internal static class AdminHandler
{
    public const string PathSegment = "_inmemory";

    public static async Task HandleAsync(HttpContext context, ObjectStore store, RequestCounters counters, string command)
    {
        HttpRequest request = context.Request;
        HttpResponse response = context.Response;
        switch (command)
        {
            case "counters" when HttpMethods.IsGet(request.Method):
                response.ContentType = "text/plain";
                await response.WriteAsync(InMemoryS3RequestCounts.FromCounters(counters).ToString(), context.RequestAborted);
                break;
            case "reset-counters" when HttpMethods.IsPost(request.Method):
                counters.Reset();
                response.StatusCode = StatusCodes.Status204NoContent;
                break;
            case "seed" when HttpMethods.IsPost(request.Method):
                Seed(context, store);
                break;
            default:
                await S3ErrorWriter.NotImplementedAsync(context);
                break;
        }
    }

    private static void Seed(HttpContext context, ObjectStore store)
    {
        IQueryCollection query = context.Request.Query;
        long length = long.Parse(query["length"].ToString(), CultureInfo.InvariantCulture);
        long partSize = query.ContainsKey("partSize") ? long.Parse(query["partSize"].ToString(), CultureInfo.InvariantCulture) : 0;
        int seed = query.ContainsKey("seed") ? int.Parse(query["seed"].ToString(), CultureInfo.InvariantCulture) : 0;
        string? contentType = query.ContainsKey("contentType") ? query["contentType"].ToString() : null;
        StoredObject storedObject = ObjectSeeder.Seed(
            store,
            query["bucket"].ToString(),
            query["key"].ToString(),
            length,
            partSize,
            (span, offset) => InMemoryS3Content.Fill(span, offset, seed),
            contentType);
        context.Response.Headers.ETag = storedObject.ETag;
    }
}
