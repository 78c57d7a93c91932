using System.CommandLine;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.Cli.Commands;

/// <summary><c>serve</c>: the embedded in-memory S3 endpoint in the foreground, until Ctrl+C.</summary>
internal static class ServeCommand
{
    public static Command Create(CliConsole console)
    {
        var port = new Option<int>("--port") { Description = "TCP port on 127.0.0.1 (0 picks a free one)", DefaultValueFactory = _ => 0 };
        port.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<int>() is < 0 or > 65_535)
            {
                r.AddError("--port must be from 0 to 65535 (0 picks a free port).");
            }
        });
        var command = new Command("serve", "Run the in-memory S3 endpoint on 127.0.0.1 until Ctrl+C (nothing is stored on disk)") { port };
        command.SetAction(async (result, token) =>
        {
            await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { Port = result.GetValue(port) }, token);
            console.Text.WriteLine($"listening on {server.ServiceUrl}");
            console.Text.WriteLine($"try: s3tm --endpoint {server.ServiceUrl} ls   (any credentials; Ctrl+C stops, and forgets everything)");
            try
            {
                await Task.Delay(Timeout.Infinite, token);
            }
            catch (OperationCanceledException) when (token.IsCancellationRequested)
            {
                // Ctrl+C is how serve is meant to end.
            }

            return ExitCodes.Success;
        });
        return command;
    }
}
