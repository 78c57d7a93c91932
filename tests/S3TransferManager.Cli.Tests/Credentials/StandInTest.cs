namespace S3TransferManager.Cli.Tests.Credentials;

/// <summary>A test of s3tm as a process with a home folder of its own (<see cref="AwsHome"/>) and a
/// <see cref="LoginStandIn"/> that records what s3tm asked and which key signed its S3 requests.</summary>
public abstract class StandInTest : IAsyncLifetime, IDisposable
{
    internal AwsHome Home { get; } = new();

    internal LoginStandIn StandIn { get; private set; } = null!;

    public async Task InitializeAsync() => StandIn = await LoginStandIn.StartAsync();

    public async Task DisposeAsync() => await StandIn.DisposeAsync();

    public void Dispose()
    {
        Home.Dispose();
        GC.SuppressFinalize(this);
    }
}
