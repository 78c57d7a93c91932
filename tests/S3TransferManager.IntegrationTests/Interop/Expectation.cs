using Amazon.S3;

namespace S3TransferManager.IntegrationTests.Interop;

/// <summary>What a download of an object must report about its checksum: validated against a value whose meaning
/// was certain, validated by an inferred reading, not validated (and why), or a <see cref="ChecksumMismatchException"/>.</summary>
public abstract record Expectation
{
    /// <summary>Checks a download that completed; <paramref name="error"/> is the one it threw instead, if any.</summary>
    public abstract void Check(ChecksumValidationResult? result, Exception? error, string what);

    /// <summary>Validated against a value whose meaning the server stated (or a one-part object's).</summary>
    public sealed record Certain(ChecksumAlgorithm Algorithm, ChecksumType Type) : Expectation
    {
        public override void Check(ChecksumValidationResult? result, Exception? error, string what)
        {
            Validated(result, error, what);
            Assert.Equal((Algorithm, Type, false), (result!.Algorithm, result.ChecksumType, result.IsInferred));
        }
    }

    /// <summary>Validated by an inferred reading: the whole object's, or a composite over parts of <paramref name="PartSize"/>.</summary>
    public sealed record Inferred(ChecksumAlgorithm Algorithm, ChecksumType Type, long? PartSize) : Expectation
    {
        public override void Check(ChecksumValidationResult? result, Exception? error, string what)
        {
            Validated(result, error, what);
            Assert.Equal((Algorithm, Type, true, PartSize), (result!.Algorithm, result.ChecksumType, result.IsInferred, result.InferredPartSize));
        }
    }

    /// <summary>The download succeeded unvalidated, and its reason says <paramref name="Because"/>.</summary>
    public sealed record NotValidated(string Because) : Expectation
    {
        public override void Check(ChecksumValidationResult? result, Exception? error, string what)
        {
            Assert.True(error is null, $"{what}: {error}");
            Assert.False(result!.Validated, $"{what}: {result}");
            Assert.Contains(Because, result.NotValidatedReason, StringComparison.Ordinal);
        }
    }

    /// <summary>The download threw <see cref="ChecksumMismatchException"/>.</summary>
    public sealed record Mismatch : Expectation
    {
        public override void Check(ChecksumValidationResult? result, Exception? error, string what) =>
            Assert.True(error is ChecksumMismatchException, $"{what}: expected a ChecksumMismatchException, got {error?.ToString() ?? result?.ToString()}");
    }

    private static void Validated(ChecksumValidationResult? result, Exception? error, string what)
    {
        Assert.True(error is null, $"{what}: {error}");
        Assert.True(result!.Validated, $"{what}: {result}");
    }
}
