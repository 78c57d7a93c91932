using System.Globalization;
using System.Text;

namespace S3TransferManager.InMemoryS3;

/// <summary>A snapshot of an endpoint's request counters, the same in process and out of process.</summary>
public sealed class InMemoryS3RequestCounts
{
    private readonly long[] _perOperation;

    internal InMemoryS3RequestCounts(long total, int maxConcurrentRequests, long slowDownResponses, long[] perOperation)
    {
        Total = total;
        SlowDownResponses = slowDownResponses;
        MaxConcurrentRequests = maxConcurrentRequests;
        _perOperation = perOperation;
    }

    /// <summary>Every S3 request since start or the last reset.</summary>
    public long Total { get; }

    /// <summary>Requests answered 503 SlowDown (<see cref="InMemoryS3Options.SlowDownAboveRequestsPerSecond"/>,
    /// <see cref="InMemoryS3Options.SlowDownAboveConcurrentRequests"/>) since start or the last reset; they are counted
    /// in <see cref="Total"/> and their operation too.</summary>
    public long SlowDownResponses { get; }

    /// <summary>The most requests that were in flight at once since start or the last reset.</summary>
    public int MaxConcurrentRequests { get; }

    /// <summary>The number of requests classified as <paramref name="operation"/>.</summary>
    /// <param name="operation">The operation.</param>
    /// <returns>The count.</returns>
    public long Get(S3Operation operation) => _perOperation[(int)operation];

    /// <summary>One <c>name=value</c> line per counter, the wire format of the out-of-process control endpoint.</summary>
    /// <returns>The text.</returns>
    public override string ToString()
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"Total={Total}\n");
        text.Append(CultureInfo.InvariantCulture, $"MaxConcurrentRequests={MaxConcurrentRequests}\n");
        text.Append(CultureInfo.InvariantCulture, $"SlowDownResponses={SlowDownResponses}\n");
        foreach (S3Operation operation in Enum.GetValues<S3Operation>())
        {
            text.Append(CultureInfo.InvariantCulture, $"{operation}={Get(operation)}\n");
        }

        return text.ToString();
    }

    internal static InMemoryS3RequestCounts FromCounters(RequestCounters counters)
    {
        S3Operation[] operations = Enum.GetValues<S3Operation>();
        long[] perOperation = new long[operations.Length];
        foreach (S3Operation operation in operations)
        {
            perOperation[(int)operation] = counters.Get(operation);
        }

        return new InMemoryS3RequestCounts(counters.Total, counters.MaxInFlight, counters.SlowDowns, perOperation);
    }

    internal static InMemoryS3RequestCounts Parse(string text)
    {
        long total = 0;
        int maxConcurrent = 0;
        long slowDowns = 0;
        long[] perOperation = new long[Enum.GetValues<S3Operation>().Length];
        foreach (string line in text.Split('\n', StringSplitOptions.RemoveEmptyEntries))
        {
            int equals = line.IndexOf('=', StringComparison.Ordinal);
            string name = line[..equals];
            long value = long.Parse(line.AsSpan(equals + 1), CultureInfo.InvariantCulture);
            if (name == nameof(Total))
            {
                total = value;
            }
            else if (name == nameof(MaxConcurrentRequests))
            {
                maxConcurrent = (int)value;
            }
            else if (name == nameof(SlowDownResponses))
            {
                slowDowns = value;
            }
            else if (Enum.TryParse(name, out S3Operation operation))
            {
                perOperation[(int)operation] = value;
            }
        }

        return new InMemoryS3RequestCounts(total, maxConcurrent, slowDowns, perOperation);
    }
}
