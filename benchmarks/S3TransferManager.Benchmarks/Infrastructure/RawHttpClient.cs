using System.Buffers;
using System.Globalization;
using System.Net.Http.Headers;
using Microsoft.Win32.SafeHandles;

namespace S3TransferManager.Benchmarks.Infrastructure;

/// <summary>
/// The ceiling: plain, unsigned HTTP requests for the same bytes, read and discarded (or sent from a file), with no S3
/// client in the way. The endpoint does not check signatures.
/// </summary>
public sealed class RawHttpClient : IDisposable
{
    /// <summary>Where the file ceiling's shares start: on multiples of its 64 KiB writes, as the library's parts do.</summary>
    private const long AlignmentMask = BenchmarkSettings.ReadBufferSize - 1;

    private readonly HttpClient _http;
    private readonly Uri _bucketUrl;

    /// <summary>A client of a plain-HTTP endpoint.</summary>
    /// <param name="serviceUrl">The endpoint.</param>
    public RawHttpClient(Uri serviceUrl)
        : this(serviceUrl, new SocketsHttpHandler { MaxConnectionsPerServer = 64, UseProxy = false })
    {
    }

    /// <summary>A client of the endpoint through <paramref name="handler"/>.</summary>
    /// <param name="serviceUrl">The endpoint.</param>
    /// <param name="handler">The handler (over HTTPS, one that trusts the endpoint's certificate); owned from here on.</param>
    public RawHttpClient(Uri serviceUrl, HttpMessageHandler handler)
    {
        _http = new HttpClient(handler, disposeHandler: true)
        {
            Timeout = TimeSpan.FromMinutes(10),
        };
        _bucketUrl = new Uri(serviceUrl, EndpointSession.Bucket + "/");
    }

    /// <summary>Reads <paramref name="length"/> bytes of <paramref name="key"/> over <paramref name="streams"/> ranged GETs in parallel.</summary>
    public async Task<long> ReadAsync(string key, long length, int streams)
    {
        if (streams == 1)
        {
            return await ReadRangeAsync(key, 0, length);
        }

        long share = (length + streams - 1) / streams;
        var tasks = new Task<long>[streams];
        for (int i = 0; i < streams; i++)
        {
            long offset = Math.Min(length, i * share);
            tasks[i] = ReadRangeAsync(key, offset, Math.Min(share, length - offset));
        }

        long total = 0;
        foreach (long read in await Task.WhenAll(tasks))
        {
            total += read;
        }

        return total;
    }

    /// <summary>
    /// The ceiling of a download to a file: <paramref name="streams"/> ranged GETs in parallel, each written at its
    /// offset into <paramref name="filePath"/> (created with its length reserved, as the libraries do) through one
    /// 64 KiB buffer per stream.
    /// </summary>
    public async Task DownloadRangesToFileAsync(string key, long length, int streams, string filePath)
    {
        using SafeFileHandle file = File.OpenHandle(filePath, FileMode.Create, FileAccess.Write, FileShare.None, FileOptions.None, length);
        // Shares start on 64 KiB boundaries, as the library's parts do, so both write through the same page-cache path.
        long share = (((length + streams - 1) / streams) + AlignmentMask) & ~AlignmentMask;
        var tasks = new Task[streams];
        for (int i = 0; i < streams; i++)
        {
            long offset = Math.Min(length, i * share);
            long count = Math.Min(share, length - offset);
            tasks[i] = count > 0 ? WriteRangeAsync(key, offset, count, file) : Task.CompletedTask;
        }

        await Task.WhenAll(tasks);
    }

    /// <summary>GETs a whole object and writes it to <paramref name="filePath"/>.</summary>
    public async Task DownloadToFileAsync(string key, string filePath)
    {
        using HttpResponseMessage response = await _http.GetAsync(new Uri(_bucketUrl, key), HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using var file = new FileStream(filePath, FileMode.Create, FileAccess.Write, FileShare.None, 0, FileOptions.Asynchronous);
        await response.Content.CopyToAsync(file);
    }

    /// <summary>PUTs each <paramref name="partSize"/> range of a file to its own key, <paramref name="parallel"/> at a time.</summary>
    public async Task PutRangesAsync(SafeFileHandle file, long length, int partSize, int parallel, string keyPrefix)
    {
        int parts = (int)((length + partSize - 1) / partSize);
        int next = -1;
        var workers = new Task[Math.Min(parallel, parts)];
        for (int w = 0; w < workers.Length; w++)
        {
            workers[w] = Task.Run(async () =>
            {
                int part;
                while ((part = Interlocked.Increment(ref next)) < parts)
                {
                    long offset = (long)part * partSize;
                    using var content = new FileRangeContent(file, offset, Math.Min(partSize, length - offset));
                    content.Headers.ContentType = new MediaTypeHeaderValue("application/octet-stream");
                    string key = keyPrefix + part.ToString(CultureInfo.InvariantCulture);
                    using HttpResponseMessage response = await _http.PutAsync(new Uri(_bucketUrl, key), content);
                    response.EnsureSuccessStatusCode();
                }
            });
        }

        await Task.WhenAll(workers);
    }

    public void Dispose() => _http.Dispose();

    private async Task WriteRangeAsync(string key, long offset, long count, SafeFileHandle file)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(_bucketUrl, key));
        request.Headers.Range = new RangeHeaderValue(offset, offset + count - 1);
        using HttpResponseMessage response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using Stream body = await response.Content.ReadAsStreamAsync();
        byte[] buffer = ArrayPool<byte>.Shared.Rent(BenchmarkSettings.ReadBufferSize);
        try
        {
            long position = offset;
            while (true)
            {
                int filled = 0;
                int read;
                while (filled < BenchmarkSettings.ReadBufferSize && (read = await body.ReadAsync(buffer.AsMemory(filled, BenchmarkSettings.ReadBufferSize - filled))) > 0)
                {
                    filled += read;
                }

                if (filled == 0)
                {
                    break;
                }

                await RandomAccess.WriteAsync(file, buffer.AsMemory(0, filled), position);
                position += filled;
            }

            Drain.Check(position - offset, count);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }

    private async Task<long> ReadRangeAsync(string key, long offset, long count)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, new Uri(_bucketUrl, key));
        request.Headers.Range = new RangeHeaderValue(offset, offset + count - 1);
        using HttpResponseMessage response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead);
        response.EnsureSuccessStatusCode();
        await using Stream body = await response.Content.ReadAsStreamAsync();
        byte[] buffer = ArrayPool<byte>.Shared.Rent(BenchmarkSettings.ReadBufferSize);
        try
        {
            long total = 0;
            int read;
            while ((read = await body.ReadAsync(buffer.AsMemory(0, BenchmarkSettings.ReadBufferSize))) > 0)
            {
                total += read;
            }

            return Drain.Check(total, count);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(buffer);
        }
    }
}
