namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>
/// One row of the fault matrix: what to do to the requests (<see cref="Arrange"/> adds rules to the proxy's plan, and
/// may ask the scene to cancel at a stage), how the transfer must end, and what else the case proves (<see cref="Then"/>,
/// checks after the shared ones). <see cref="Proves"/> describes the row in CONTRIBUTING.md's table.
/// </summary>
internal sealed record FaultCase(string Name, string Proves, Action<FaultScene> Arrange, Outcome Outcome)
{
    /// <summary>Where a download to a file writes; ignored by the other surfaces.</summary>
    public Destination Destination { get; init; } = Destination.ExistingFile;

    /// <summary>Whether the row is about stalls, and runs with <see cref="FaultScene.ShortStallTimeout"/>.</summary>
    public bool ShortStallTimeout { get; init; }

    /// <summary>How the case must end through OpenStream, when that differs from <see cref="Outcome"/> (a part's
    /// error wrapped by the read: <see cref="Outcome.InsidePart"/>).</summary>
    public Outcome? StreamOutcome { get; init; }

    /// <summary>Whether a download opens as by default, with a GET of part 1 by number, which moto answers with the
    /// whole object (the parts then read that one body on); by default the rows open with a range, so that a download
    /// has the parts the rows fault.</summary>
    public bool OpensByPartNumber { get; init; }

    /// <summary>Further checks once the shared ones passed (the number of requests, say); none by default.</summary>
    public Action<FaultScene>? Then { get; init; }

    public override string ToString() => Name;
}
