using System.Net;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>The throttling options: 503 SlowDown above a request rate or a number in flight, counted.</summary>
public sealed class SlowDownTests
{
    [Fact]
    public async Task Get_AboveTheRequestRate_Answers503SlowDownAndCountsIt()
    {
        // One request a second, with a burst of one: the second of two back-to-back requests is over the rate.
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { SlowDownAboveRequestsPerSecond = 1 });
        server.PutObject("bucket", "k", new byte[10]);
        using var http = new HttpClient { BaseAddress = server.ServiceUrl };

        using HttpResponseMessage first = await http.GetAsync(new Uri("bucket/k", UriKind.Relative));
        using HttpResponseMessage second = await http.GetAsync(new Uri("bucket/k", UriKind.Relative));

        Assert.Equal(HttpStatusCode.OK, first.StatusCode);
        Assert.Equal(HttpStatusCode.ServiceUnavailable, second.StatusCode);
        Assert.Contains("<Code>SlowDown</Code>", await second.Content.ReadAsStringAsync(), StringComparison.Ordinal);
        Assert.Equal(1, server.SlowDownResponses);
        Assert.Equal(1, server.GetCounters().SlowDownResponses);
    }

    [Fact]
    public async Task Get_WithinTheLimits_IsServed()
    {
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(
            new InMemoryS3Options { SlowDownAboveConcurrentRequests = 1, SlowDownAboveRequestsPerSecond = 1000 });
        server.PutObject("bucket", "k", new byte[10]);
        using var http = new HttpClient { BaseAddress = server.ServiceUrl };

        for (int i = 0; i < 5; i++)
        {
            using HttpResponseMessage response = await http.GetAsync(new Uri("bucket/k", UriKind.Relative));
            Assert.Equal(HttpStatusCode.OK, response.StatusCode);
        }

        Assert.Equal(0, server.SlowDownResponses);
    }
}
