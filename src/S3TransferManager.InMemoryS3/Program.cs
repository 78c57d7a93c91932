using S3TransferManager.InMemoryS3;

// Standalone mode: serve until stdin closes (the parent process exited or closed it), SIGTERM/Ctrl+C stops the host,
// or the process is killed.
// The one stdout line is the protocol with InMemoryS3Process; errors go to stderr.
CommandLine commandLine;
try
{
    commandLine = CommandLine.Parse(args);
}
catch (Exception ex) when (ex is ArgumentException or FormatException or OverflowException)
{
    await Console.Error.WriteLineAsync(ex.Message);
    return 2;
}

await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(commandLine.Options);
Console.Out.WriteLine("listening on " + server.ServiceUrl.GetLeftPart(UriPartial.Authority));
Console.Out.Flush();

Task shutdown = server.WaitForShutdownAsync();
if (commandLine.IgnoreStdin)
{
    await shutdown;
    return 0;
}

using Stream stdin = Console.OpenStandardInput();
await Task.WhenAny(stdin.CopyToAsync(Stream.Null), shutdown);
return 0;
