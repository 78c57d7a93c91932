using System.Runtime.CompilerServices;

namespace S3TransferManager.Cli.Tests;

/// <summary>
/// s3tm resumes by default, so a cancelled or failed copy keeps a journal in the local application data folder. The
/// tests' runs, in process and as child processes, get one of their own (XDG_DATA_HOME, which .NET reads for that
/// folder on Linux), so they never write into the user's profile or see journals left there.
/// </summary>
internal static class JournalFolderIsolation
{
    [ModuleInitializer]
    internal static void Isolate()
    {
        string folder = Directory.CreateTempSubdirectory("s3tm-cli-tests-data-").FullName;
        Environment.SetEnvironmentVariable("XDG_DATA_HOME", folder);
        AppDomain.CurrentDomain.ProcessExit += (_, _) => Directory.Delete(folder, recursive: true);
    }
}
