using System.CommandLine;
using System.Globalization;

namespace S3TransferManager.Cli.Commands;

/// <summary>The two sides of <c>sync</c> and its options, checked and put on a library request.</summary>
internal static class SyncArguments
{
    /// <summary>A request for SRC to DST: each a local folder or s3://bucket/prefix, at least one of them s3://.</summary>
    public static TransferUtilitySyncRequest Request(string source, string destination)
    {
        bool fromS3 = S3Location.IsS3(source);
        bool toS3 = S3Location.IsS3(destination);
        if (!fromS3 && !toS3)
        {
            throw new UsageException("sync needs an s3:// address on at least one side.");
        }

        var request = new TransferUtilitySyncRequest { FailurePolicy = FailurePolicy.ContinueOnFailure };
        if (fromS3)
        {
            S3Location from = S3Location.Parse(source);
            (request.SourceBucket, request.SourcePrefix) = (from.Bucket, from.Key);
        }
        else
        {
            if (!Directory.Exists(source))
            {
                throw new UsageException($"The folder '{source}' does not exist.");
            }

            request.SourceDirectory = source;
        }

        if (toS3)
        {
            S3Location to = S3Location.Parse(destination);
            (request.DestinationBucket, request.DestinationPrefix) = (to.Bucket, to.Key);
        }
        else
        {
            request.DestinationDirectory = destination;
        }

        return request;
    }

    /// <summary>"K/N": shard K (from 0) of N.</summary>
    public static (int Index, int Count) Shard(string text)
    {
        int slash = text.IndexOf('/', StringComparison.Ordinal);
        if (slash > 0
            && int.TryParse(text.AsSpan(0, slash), NumberStyles.None, CultureInfo.InvariantCulture, out int index)
            && int.TryParse(text.AsSpan(slash + 1), NumberStyles.None, CultureInfo.InvariantCulture, out int count)
            && count >= 1 && index < count)
        {
            return (index, count);
        }

        throw new UsageException($"--shard '{text}' is not K/N with 0 <= K < N (for example 0/4 ... 3/4).");
    }

    /// <summary>The --include and --exclude rules in the order they were given: the last match wins, so their order
    /// across the two options matters, and the parser keeps each option's values apart.</summary>
    public static IEnumerable<SyncFilterRule> Filters(ParseResult result, Option<string[]> include, Option<string[]> exclude)
    {
        IReadOnlyList<System.CommandLine.Parsing.Token> tokens = result.Tokens;
        for (int i = 0; i < tokens.Count; i++)
        {
            string value = tokens[i].Value;
            bool? isInclude = include.Name == value || include.Aliases.Contains(value) ? true
                : exclude.Name == value || exclude.Aliases.Contains(value) ? false
                : null;
            if (isInclude is { } included && i + 1 < tokens.Count)
            {
                string pattern = tokens[++i].Value;
                yield return included ? SyncFilterRule.Include(pattern) : SyncFilterRule.Exclude(pattern);
            }
        }
    }
}
