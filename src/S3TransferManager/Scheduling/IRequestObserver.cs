namespace S3TransferManager.Scheduling;

/// <summary>Learns from each request's lease: when it was lent and when it came back (the tuner).</summary>
internal interface IRequestObserver
{
    /// <summary>A lease was lent; returns its start, to hand back to <see cref="Returned"/>.</summary>
    long Lent(RequestCost cost);

    /// <summary>The lease lent at <paramref name="lentAt"/> came back: its request is over.</summary>
    void Returned(long lentAt, RequestCost cost);
}
