/// <summary>A check of the smoke test that did not hold.</summary>
internal sealed class SmokeFailure(string message) : Exception(message);
