using System.Globalization;
using System.Web;
using S3TransferManager.IntegrationTests.Infrastructure.FaultProxy;

namespace S3TransferManager.Cli.Tests.Kill;

/// <summary>
/// The requests that move an object's bytes (UploadPart, PutObject, GetObject), named so that the same piece asked
/// for by two runs has the same name (key and part number, key and range), with the bytes each moves.
/// </summary>
internal sealed class DataRequests(IReadOnlyDictionary<string, long> lengths, long partSize)
{
    public static bool IsData(ProxiedRequest r) => r.Operation is S3Operation.UploadPart or S3Operation.PutObject or S3Operation.GetObject;

    public static bool Answered(ProxiedRequest r) => r.Status is >= 200 and < 300;

    public string Name(ProxiedRequest r) => r.Operation switch
    {
        S3Operation.UploadPart => $"{r.Key} part {PartNumber(r)}",
        S3Operation.GetObject => $"{r.Key} {r.Range ?? "whole"}",
        _ => $"{r.Key} put",
    };

    public long Bytes(ProxiedRequest r)
    {
        long length = lengths[r.Key!];
        switch (r.Operation)
        {
            case S3Operation.UploadPart:
                long start = (PartNumber(r) - 1) * partSize;
                return Math.Min(partSize, length - start);
            case S3Operation.GetObject when r.Range is { } range:
                string[] ends = range["bytes=".Length..].Split('-');
                long first = long.Parse(ends[0], CultureInfo.InvariantCulture);
                long last = ends[1].Length == 0 ? length - 1 : Math.Min(length - 1, long.Parse(ends[1], CultureInfo.InvariantCulture));
                return Math.Max(0, last - first + 1);
            default:
                return length;
        }
    }

    private static long PartNumber(ProxiedRequest r) =>
        long.Parse(HttpUtility.ParseQueryString(new Uri("http://x" + r.Target).Query)["partNumber"]!, CultureInfo.InvariantCulture);
}
