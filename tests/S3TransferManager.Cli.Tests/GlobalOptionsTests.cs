using System.CommandLine;

namespace S3TransferManager.Cli.Tests;

public sealed class GlobalOptionsTests
{
    [Fact]
    public void Read_NoConcurrencyGiven_LeavesItUnsetForTheLibrary()
    {
        var options = new GlobalOptions();

        CliSettings settings = options.Read(Root(options).Parse(["--quiet"]));

        Assert.Null(settings.Concurrency);
        Assert.Equal(new TransferUtilityConfig().ConcurrentServiceRequests, settings.TransferConfig().ConcurrentServiceRequests);
    }

    [Fact]
    public void Read_ConcurrencyGiven_PassesItOn()
    {
        var options = new GlobalOptions();

        CliSettings settings = options.Read(Root(options).Parse(["--concurrency", "4"]));

        Assert.Equal((4, 4), (settings.Concurrency, settings.TransferConfig().ConcurrentServiceRequests));
    }

    [Fact]
    public void Read_BwlimitGiven_TheLibrarysCapInBytesPerSecond()
    {
        var options = new GlobalOptions();

        CliSettings settings = options.Read(Root(options).Parse(["--bwlimit", "50M"]));

        Assert.Equal(52_428_800L, settings.TransferConfig().MaxBytesPerSecond);
    }

    [Theory]
    [InlineData()]
    [InlineData("--bwlimit", "off")]
    [InlineData("--bwlimit", "0")]
    public void Read_NoBwlimitOrOff_NoCapForTheLibrary(params string[] args)
    {
        var options = new GlobalOptions();

        CliSettings settings = options.Read(Root(options).Parse(args));

        Assert.Null(settings.TransferConfig().MaxBytesPerSecond);
    }

    [Fact]
    public void Read_ChecksumCalculationAndValidationGiven_TheClientsSettings()
    {
        var options = new GlobalOptions();

        CliSettings settings = options.Read(Root(options).Parse(["--checksum-calculation", "when_required", "--checksum-validation", "when_supported"]));

        Assert.Equal((Amazon.Runtime.RequestChecksumCalculation.WHEN_REQUIRED, Amazon.Runtime.ResponseChecksumValidation.WHEN_SUPPORTED),
            (ChecksumSettings.Calculation(settings.ChecksumCalculation, "no-such-profile"), ChecksumSettings.Validation(settings.ChecksumValidation, "no-such-profile")));
    }

    [Fact]
    public void Parse_ChecksumCalculationOtherThanTheTwo_AnError()
    {
        var options = new GlobalOptions();

        Assert.NotEmpty(Root(options).Parse(["--checksum-calculation", "never"]).Errors);
    }

    private static RootCommand Root(GlobalOptions options)
    {
        var root = new RootCommand();
        foreach (Option option in options.All)
        {
            root.Options.Add(option);
        }

        return root;
    }
}
