using System.Text.Json.Serialization;

namespace S3TransferManager.Resume;

/// <summary>
/// The first line of every journal: what it is a journal of, in a format named and versioned so that a later library
/// that changes it can tell an old journal from its own (and then starts the transfer over, rather than misread it).
/// The kind is the JSON's first property: <c>upload</c>, <c>download</c> or <c>directory</c>.
/// </summary>
[JsonPolymorphic(TypeDiscriminatorPropertyName = "kind")]
[JsonDerivedType(typeof(UploadJournalHeader), "upload")]
[JsonDerivedType(typeof(DownloadJournalHeader), "download")]
[JsonDerivedType(typeof(DirectoryJournalHeader), "directory")]
internal abstract record JournalHeader
{
    /// <summary>The format's name, in every header.</summary>
    public const string FormatName = "s3tm-journal";

    /// <summary>The version this library writes and reads.</summary>
    public const int CurrentVersion = 1;

    public string Format { get; init; } = FormatName;

    public int Version { get; init; } = CurrentVersion;

    /// <summary>When the transfer this journal describes started.</summary>
    public DateTimeOffset Created { get; init; }

    /// <summary>The S3 endpoint the transfer talks to (its service URL or region), so that a journal is never resumed
    /// against another server.</summary>
    public required string Endpoint { get; init; }

    public required string Bucket { get; init; }

    /// <summary>Whether this library can read the journal: its format and version.</summary>
    [JsonIgnore]
    public bool IsCurrent => Format == FormatName && Version == CurrentVersion;
}
