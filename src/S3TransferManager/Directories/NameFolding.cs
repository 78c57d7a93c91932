using System.Text;

namespace S3TransferManager.Directories;

/// <summary>
/// How a folder's file system compares names: whether it ignores case (Windows and macOS by default) and Unicode
/// normalization (macOS: "é" as one code point and as "e" + accent name one file). Learned by creating one empty probe
/// file, deleted on close, and asking for it under other spellings: the answer holds for the volume actually written
/// to, not for a guess from the operating system.
/// </summary>
internal readonly record struct NameFolding(bool IgnoresCase, bool IgnoresNormalization)
{
    /// <summary>Names compared exactly, byte for byte (Linux file systems by default).</summary>
    public static NameFolding Exact => default;

    /// <summary>Probes <paramref name="directory"/>, which must exist. When the probe cannot be created (no permission),
    /// assumes both foldings: a false conflict is reported rather than a file lost.</summary>
    public static NameFolding Probe(string directory)
    {
        // Lower-case letters and a precomposed "é": the upper-case and decomposed spellings differ from it in every way
        // a file system may fold.
        string name = $".s3tm-probe-{Guid.NewGuid():N}-\u00e9";
        try
        {
            using var probe = new FileStream(Path.Combine(directory, name), FileMode.CreateNew, FileAccess.Write,
                FileShare.ReadWrite | FileShare.Delete, 1, FileOptions.DeleteOnClose);
            return new NameFolding(
                File.Exists(Path.Combine(directory, name.ToUpperInvariant())),
                File.Exists(Path.Combine(directory, name.Normalize(NormalizationForm.FormD))));
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            return new NameFolding(IgnoresCase: true, IgnoresNormalization: true);
        }
    }

    /// <summary>The spelling two paths share when this file system names one file with both.</summary>
    public string Fold(string path)
    {
        if (IgnoresNormalization)
        {
            path = path.Normalize(NormalizationForm.FormC);
        }

        return IgnoresCase ? path.ToUpperInvariant() : path;
    }
}
