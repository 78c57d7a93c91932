using System.Diagnostics;
using System.Reflection;
using System.Text.RegularExpressions;
using Amazon.S3.Model;
using SdkDownloadRequest = Amazon.S3.Transfer.TransferUtilityDownloadRequest;
using S3TransferManager.Events;

namespace S3TransferManager.Tests.Events;

/// <summary>
/// The library builds the AWS SDK's WriteObjectProgressArgs through members AWSSDK.S3 keeps internal (UnsafeAccessor).
/// If an SDK update renames or reshapes them, these tests fail here, with the SDK version named, instead of a
/// MissingMethodException in a user's download; the package's AWSSDK.S3 range must cover only versions they pass on.
/// </summary>
public sealed partial class SdkProgressArgsTests
{
    private const BindingFlags Instance = BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.Public;

    [Fact]
    public void WriteObject_ThroughTheInternalConstructor_CarriesEveryValue()
    {
        var request = new SdkDownloadRequest { BucketName = "b", Key = "k", VersionId = "v1", FilePath = "/tmp/f" };

        WriteObjectProgressArgs args = SdkProgressArgs.WriteObject(request, new ProgressStep(3, 10, 10));

        Assert.Equal(("b", "k", "v1", "/tmp/f"), (args.BucketName, args.Key, args.VersionId, args.FilePath));
        Assert.Equal((10L, 10L, 100, true), (args.TransferredBytes, args.TotalBytes, args.PercentDone, args.IsCompleted));
        Assert.Equal(3, args.IncrementTransferred);
        Assert.Same(request, args.Request);
    }

    [Fact]
    public void WriteObject_BeforeTheEnd_IsNotCompleted()
    {
        WriteObjectProgressArgs args = SdkProgressArgs.WriteObject(new SdkDownloadRequest(), new ProgressStep(4, 4, 10));

        Assert.Equal((false, 40), (args.IsCompleted, args.PercentDone));
    }

    [Fact]
    public void InternalMembers_OfThisAwsSdk_HaveTheShapeTheAccessorsBindTo()
    {
        Type[] parameters = [typeof(string), typeof(string), typeof(string), typeof(string), typeof(long), typeof(long), typeof(long), typeof(bool)];
        string sdk = SdkVersion();

        Assert.True(typeof(WriteObjectProgressArgs).GetConstructor(Instance, parameters) is { IsAssembly: true },
            $"AWSSDK.S3 {sdk} no longer has WriteObjectProgressArgs(string bucketName, string key, string filePath, string versionId, long, long, long, bool): update SdkProgressArgs and the package's AWSSDK.S3 range.");
        Assert.True(typeof(WriteObjectProgressArgs).GetProperty(nameof(WriteObjectProgressArgs.Request))?.GetSetMethod(nonPublic: true) is { } setter
            && setter.GetParameters().Single().ParameterType == typeof(SdkDownloadRequest),
            $"AWSSDK.S3 {sdk} changed the setter of WriteObjectProgressArgs.Request: update SdkProgressArgs and the package's AWSSDK.S3 range.");
        Assert.True(typeof(TransferProgressArgs).GetProperty("IncrementTransferred", Instance)?.PropertyType == typeof(long),
            $"AWSSDK.S3 {sdk} changed TransferProgressArgs.IncrementTransferred: update SdkProgressArgs and the package's AWSSDK.S3 range.");
    }

    [Fact]
    public void PackageRange_InDirectoryPackagesProps_StartsAtTheTestedSdkAndEndsBeforeItsNextMinor()
    {
        string props = File.ReadAllText(Path.Combine(RepositoryRoot(), "Directory.Packages.props"));
        Match range = AwsSdkRange().Match(props);
        var tested = Version.Parse(SdkVersion());

        Assert.True(range.Success, "Directory.Packages.props gives AWSSDK.S3 no [lowest, upper) range.");
        Assert.Equal(new Version(tested.Major, tested.Minor, tested.Build), Version.Parse(range.Groups["low"].Value));
        Assert.Equal(new Version(tested.Major, tested.Minor + 1, 0), Version.Parse(range.Groups["high"].Value));
    }

    private static string SdkVersion() =>
        FileVersionInfo.GetVersionInfo(typeof(WriteObjectProgressArgs).Assembly.Location).FileVersion ?? "(unknown)";

    private static string RepositoryRoot()
    {
        for (DirectoryInfo? folder = new(AppContext.BaseDirectory); folder is not null; folder = folder.Parent)
        {
            if (File.Exists(Path.Combine(folder.FullName, "Directory.Packages.props")))
            {
                return folder.FullName;
            }
        }

        throw new InvalidOperationException($"No Directory.Packages.props above {AppContext.BaseDirectory}.");
    }

    [GeneratedRegex("""Include="AWSSDK\.S3" Version="\[(?<low>[0-9.]+), *(?<high>[0-9.]+)\)" """)]
    private static partial Regex AwsSdkRange();
}
