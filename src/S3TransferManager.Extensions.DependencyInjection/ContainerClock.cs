using Microsoft.Extensions.Options;
using S3TransferManager;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Gives <see cref="TransferUtilityConfig.TimeProvider"/> the container's <see cref="TimeProvider"/> when the
/// options leave it unset and the container has one; registered once, however often AddS3TransferManager is called.</summary>
internal sealed class ContainerClock(IServiceProvider services) : IPostConfigureOptions<TransferUtilityConfig>
{
    public void PostConfigure(string? name, TransferUtilityConfig options)
    {
        ArgumentNullException.ThrowIfNull(options);
        options.TimeProvider ??= services.GetService<TimeProvider>();
    }
}
