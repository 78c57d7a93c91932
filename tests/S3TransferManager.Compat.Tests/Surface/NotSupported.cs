namespace CompatScenarios.Surface;

/// <summary>The members of Amazon.S3.Transfer (AWSSDK.S3 4.1.0) with no counterpart of the same name here, each
/// group with its reason in docs/compatibility.md. A member added to the library must leave this list.</summary>
internal static class NotSupported
{
    public static readonly string[] Members =
    [
    ];
}
