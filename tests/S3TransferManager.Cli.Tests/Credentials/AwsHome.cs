namespace S3TransferManager.Cli.Tests.Credentials;

/// <summary>
/// A home folder of a test's own for s3tm run as a process: ~/.aws/config and ~/.aws/credentials as the test writes
/// them, and an environment with none of the machine's AWS_ variables and no instance metadata, plus what the test sets.
/// </summary>
internal sealed class AwsHome : IDisposable
{
    public AwsHome() => Directory.CreateDirectory(AwsFolder);

    public string Path { get; } = Directory.CreateTempSubdirectory("s3tm-home-").FullName;

    public string AwsFolder => System.IO.Path.Combine(Path, ".aws");

    public void WriteConfig(string text) => File.WriteAllText(System.IO.Path.Combine(AwsFolder, "config"), text);

    public void WriteCredentials(string text) => File.WriteAllText(System.IO.Path.Combine(AwsFolder, "credentials"), text);

    /// <summary>A file in the home folder, for a token or a script.</summary>
    public string WriteFile(string name, string text)
    {
        string file = System.IO.Path.Combine(Path, name);
        Directory.CreateDirectory(System.IO.Path.GetDirectoryName(file)!);
        File.WriteAllText(file, text);
        return file;
    }

    /// <param name="set">Variables to set on top (AWS_ ones included).</param>
    public Dictionary<string, string?> Environment(params (string Name, string Value)[] set)
    {
        var environment = new Dictionary<string, string?>
        {
            ["HOME"] = Path,
            ["AWS_EC2_METADATA_DISABLED"] = "true",
        };
        foreach (string name in System.Environment.GetEnvironmentVariables().Keys.Cast<string>()
            .Where(name => name.StartsWith("AWS_", StringComparison.Ordinal) && !environment.ContainsKey(name)))
        {
            environment[name] = null;
        }

        foreach ((string name, string value) in set)
        {
            environment[name] = value;
        }

        return environment;
    }

    public void Dispose() => Directory.Delete(Path, recursive: true);
}
