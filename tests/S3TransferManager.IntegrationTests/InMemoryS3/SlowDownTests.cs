using System.Net;
using S3TransferManager.InMemoryS3;

namespace S3TransferManager.IntegrationTests.InMemoryS3;

/// <summary>The throttling options: 503 SlowDown above a request rate or a number in flight, counted.</summary>
public sealed class SlowDownTests
{
    [Fact]
    public async Task Get_AboveTheRequestRate_Answers503SlowDownAndCountsIt()
    {
        // One request a second, with a burst of one: of ten back-to-back requests, those over the rate get 503 (however
        // slow a loaded machine makes them, ten cannot take the nine seconds it would need to pass them all).
        await using InMemoryS3Server server = await InMemoryS3Server.StartAsync(new InMemoryS3Options { SlowDownAboveRequestsPerSecond = 1 });
        server.PutObject("bucket", "k", new byte[10]);
        using var http = new HttpClient { BaseAddress = server.ServiceUrl };

        var statuses = new List<HttpStatusCode>();
        string? slowDownBody = null;
        for (int i = 0; i < 10; i++)
        {
            using HttpResponseMessage response = await http.GetAsync(new Uri("bucket/k", UriKind.Relative));
            statuses.Add(response.StatusCode);
            if (response.StatusCode == HttpStatusCode.ServiceUnavailable)
            {
                slowDownBody ??= await response.Content.ReadAsStringAsync();
            }
        }

        int refused = statuses.Count(s => s == HttpStatusCode.ServiceUnavailable);
        Assert.Equal(HttpStatusCode.OK, statuses[0]);
        Assert.InRange(refused, 1, 9);
        Assert.Equal(10, refused + statuses.Count(s => s == HttpStatusCode.OK));
        Assert.Contains("<Code>SlowDown</Code>", slowDownBody, StringComparison.Ordinal);
        Assert.Equal(refused, server.SlowDownResponses);
        Assert.Equal(refused, server.GetCounters().SlowDownResponses);
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
