namespace S3TransferManager.Directories;

/// <summary>Gives local paths to keys so that no two keys write one file and no key needs a folder where another has
/// a file (<see cref="LocalPathClaims"/>, <see cref="ListingOrderClaims"/>).</summary>
internal interface IPathClaims
{
    /// <summary>Gives <paramref name="path"/> (a full path; ending in a separator for a folder) to
    /// <paramref name="key"/>, and the folders above it.</summary>
    /// <exception cref="LocalPathConflictException">The path, or a folder above it, is already another key's.</exception>
    void Claim(string key, string path);
}
