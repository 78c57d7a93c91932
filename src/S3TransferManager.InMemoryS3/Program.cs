using S3TransferManager.InMemoryS3;

// Standalone mode: serve until stdin closes (the parent process exited or closed it), SIGTERM/Ctrl+C stops the host,
// or the process is killed.
// The stdout lines are the protocol with InMemoryS3Process (the address, then over HTTPS the certificate); errors go
// to stderr.
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
if (server.Certificate is { } certificate)
{
    // The public certificate only, for the parent to trust; the private key stays in this process.
    Console.Out.WriteLine("certificate " + Convert.ToBase64String(certificate.RawData));
}

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
