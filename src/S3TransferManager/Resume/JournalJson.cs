using System.Text.Json.Serialization;

namespace S3TransferManager.Resume;

/// <summary>The journal's JSON, source-generated: camelCase names, nulls left out.</summary>
[JsonSourceGenerationOptions(PropertyNamingPolicy = JsonKnownNamingPolicy.CamelCase,
    DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(JournalHeader))]
[JsonSerializable(typeof(UploadedPart))]
[JsonSerializable(typeof(DownloadedPart))]
[JsonSerializable(typeof(FinishedObject))]
internal sealed partial class JournalJson : JsonSerializerContext;
