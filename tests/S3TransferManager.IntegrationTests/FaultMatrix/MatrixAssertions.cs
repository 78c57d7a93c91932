using Amazon.S3.Model;
using S3TransferManager.IntegrationTests.Infrastructure;

namespace S3TransferManager.IntegrationTests.FaultMatrix;

/// <summary>
/// The checks every fault case gets, whatever the surface: the call returns within <see cref="FaultScene.Bound"/>; it
/// delivers the right bytes or throws the case's typed exception; no file is left but the source and the destination
/// (no temp file), and a destination that existed is untouched on failure; no multipart upload is left open, and a
/// failed upload stored no object; every buffer rented from the pool was returned.
/// </summary>
internal static class MatrixAssertions
{
    /// <param name="scene">The case's world, prepared for the surface.</param>
    /// <param name="fault">The case.</param>
    /// <param name="transfer">Runs the transfer with the given token and returns the bytes it delivered (the file
    /// written, the stream read, the object stored); disposes whatever it opened before returning or throwing.</param>
    public static async Task RunAsync(FaultScene scene, FaultCase fault, Func<CancellationToken, Task<byte[]>> transfer)
    {
        fault.Arrange(scene);
        Task<byte[]> call = transfer(scene.Token);
        byte[]? delivered = null;
        Exception? error = null;
        try
        {
            delivered = await call.WaitAsync(FaultScene.Bound);
        }
        catch (TimeoutException) when (!call.IsCompleted)
        {
            Assert.Fail($"{fault.Name}: the transfer did not return within {FaultScene.Bound.TotalSeconds} s. Requests: {Describe(scene)}");
        }
        catch (Exception e)
        {
            error = e;
        }

        if (fault.Outcome.IsSuccess)
        {
            Assert.True(error is null, $"{fault.Name}: expected success, got {error}. Requests: {Describe(scene)}");
            Assert.True(TestData.Sha256(delivered) == TestData.Sha256(scene.Content),
                $"{fault.Name}: delivered {delivered!.Length} bytes that differ from the {scene.Content.Length} stored.");
        }
        else
        {
            Assert.True(error is not null, $"{fault.Name}: expected {fault.Outcome.ErrorType!.Name}, but the transfer succeeded. Requests: {Describe(scene)}");
            string? mismatch = fault.Outcome.Mismatch(error);
            Assert.True(mismatch is null, $"{fault.Name}: {mismatch}.\n{error}");
        }

        await AssertNothingLeftBehindAsync(scene, succeeded: error is null);
        scene.Pool.AssertAllReturned();
        fault.Then?.Invoke(scene);
    }

    private static async Task AssertNothingLeftBehindAsync(FaultScene scene, bool succeeded)
    {
        var allowed = new List<string>();
        if (scene.SourcePath is not null)
        {
            allowed.Add(scene.SourcePath);
        }

        if (scene.DestinationPath is not null && (succeeded || scene.Previous is not null))
        {
            allowed.Add(scene.DestinationPath);
        }

        Assert.Equal(allowed.Order(StringComparer.Ordinal), scene.Files());
        if (!succeeded && scene.Previous is not null)
        {
            Assert.Equal(scene.Previous, await File.ReadAllBytesAsync(scene.DestinationPath!));
        }

        ListMultipartUploadsResponse open = await scene.S3.SetupClient.ListMultipartUploadsAsync(
            new ListMultipartUploadsRequest { BucketName = scene.S3.BucketName });
        Assert.Empty(open.MultipartUploads ?? []);
        if (!succeeded && scene.IsUpload)
        {
            Assert.False(await UploadAssertions.ExistsAsync(scene.S3, FaultScene.Key), "A failed upload stored the object.");
        }
    }

    private static string Describe(FaultScene scene) =>
        string.Join(", ", scene.Proxy.Requests.Select(r => $"{r.Operation} {r.Status}"));
}
