using System.Net;
using Amazon.S3;
using S3TransferManager.Telemetry;

namespace S3TransferManager.Tests.Telemetry;

public sealed class ErrorTypesTests
{
    [Fact]
    public void Of_AnS3ErrorWithACode_IsTheCode()
    {
        var error = new AmazonS3Exception("Please reduce your request rate.", Amazon.Runtime.ErrorType.Receiver, "SlowDown", "req",
            HttpStatusCode.ServiceUnavailable);

        Assert.Equal("SlowDown", ErrorTypes.Of(error));
    }

    [Fact]
    public void Of_ATaskCancellation_IsCanceled()
    {
        Assert.Equal("canceled", ErrorTypes.Of(new TaskCanceledException()));
    }

    [Fact]
    public void Of_AnyOtherException_IsItsFullTypeName()
    {
        Assert.Equal("System.IO.IOException", ErrorTypes.Of(new IOException("reset")));
    }
}
