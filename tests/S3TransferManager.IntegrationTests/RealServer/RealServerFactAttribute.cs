namespace S3TransferManager.IntegrationTests.RealServer;

/// <summary>
/// A test against the real server <c>eng/servers/run.sh NAME</c> started. Skipped when none was started, and on the
/// servers named in <see cref="PendingOn"/> (comma-separated names: s3rver, ceph, swift) with the reason in
/// <see cref="Pending"/>, a library fix that is not done yet: the test then runs on the other servers, and on those too
/// once the attribute no longer names them (or with <c>S3TM_REAL_SERVER_RUN_PENDING=1</c>, which runs them anyway). <see cref="UnsupportedOn"/> names servers that lack what the test needs
/// (a <see cref="ServerLimits"/> reason): no library change can make it pass there.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class RealServerFactAttribute : FactAttribute
{
    /// <summary>The servers on which the test waits for a library fix.</summary>
    public string? PendingOn { get; set; }

    /// <summary>Why: the library fix the test waits for on those servers.</summary>
    public string? Pending { get; set; }

    /// <summary>The servers that lack what the test needs.</summary>
    public string? UnsupportedOn { get; set; }

    /// <summary>What they lack: a <see cref="ServerLimits"/> reason.</summary>
    public string? Unsupported { get; set; }

    /// <inheritdoc/>
    public override string? Skip
    {
        get
        {
            if (RealServerEndpoint.Current is not { } server)
            {
                return "needs a real S3-compatible server: eng/servers/run.sh s3rver|ceph|swift starts one and runs these tests";
            }

            // S3TM_REAL_SERVER_RUN_PENDING=1 runs the tests waiting for a library fix too, to see them fail or pass.
            bool runPending = Environment.GetEnvironmentVariable("S3TM_REAL_SERVER_RUN_PENDING") == "1";
            return Names(UnsupportedOn, server.Name) ? $"{Unsupported} (on {server.Name})"
                : !runPending && Names(PendingOn, server.Name) ? $"{Pending} (on {server.Name})"
                : base.Skip;
        }

        set => base.Skip = value;
    }

    private static bool Names(string? servers, string name) =>
        servers?.Split(',', StringSplitOptions.TrimEntries).Contains(name, StringComparer.Ordinal) == true;
}
