namespace S3TransferManager.Cli.Commands;

/// <summary>cp's and mv's options beyond the two addresses.</summary>
/// <param name="Recursive">-r: folders and prefixes.</param>
/// <param name="Filter">--include and --exclude.</param>
/// <param name="Objects">What is set on the objects written.</param>
/// <param name="DryRun">--dryrun: print what would be done, do nothing.</param>
/// <param name="Move">mv: delete each source once it is copied.</param>
internal sealed record CopyFlags(bool Recursive, PathFilter Filter, ObjectSettings Objects, bool DryRun, bool Move)
{
    /// <summary>Whether a recursive run goes object by object (<see cref="BatchCopy"/>) rather than through the
    /// library's folder and prefix operations, which copy everything under the root and print one summary.</summary>
    public bool ObjectByObject => Recursive && (Move || DryRun || !Filter.IsEmpty);
}
