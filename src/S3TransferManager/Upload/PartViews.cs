using S3TransferManager.Buffering;

namespace S3TransferManager.Upload;

/// <summary>A second, independent reader of a part's bytes, for a hedge: a file part reopens its region, a buffered
/// part reads its chunks through a sequence. Null for a body of another kind, which is then never hedged.</summary>
internal static class PartViews
{
    public static Stream? Open(Stream content) => content switch
    {
        FileRegionStream file => file.OpenView(),
        ChunkedBufferStream chunks => new SequenceReadStream(chunks.AsReadOnlySequence()),
        _ => null,
    };
}
