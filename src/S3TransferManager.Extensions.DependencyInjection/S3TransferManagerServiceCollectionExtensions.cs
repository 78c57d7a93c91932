using Amazon.S3;
using Microsoft.Extensions.DependencyInjection.Extensions;
using Microsoft.Extensions.Logging;
using Microsoft.Extensions.Options;
using S3TransferManager;

namespace Microsoft.Extensions.DependencyInjection;

/// <summary>Registers S3TransferManager's <see cref="TransferUtility"/> in an <see cref="IServiceCollection"/>.</summary>
public static class S3TransferManagerServiceCollectionExtensions
{
    /// <summary>
    /// Registers one <see cref="TransferUtility"/> for the whole application (a singleton), built from the container's
    /// <see cref="IAmazonS3"/>, the <see cref="TransferUtilityConfig"/> options, and the container's
    /// <see cref="ILoggerFactory"/> and <see cref="TimeProvider"/> when there are.
    /// </summary>
    /// <param name="services">The container's registrations.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <remarks>
    /// <para>A singleton because one utility is one budget: <see cref="TransferUtilityConfig.ConcurrentServiceRequests"/>
    /// and <see cref="TransferUtilityConfig.BufferMemoryLimit"/> bound everything that utility runs at once, and transfers
    /// started from every request handler or worker share them fairly. A utility per scope would multiply both limits
    /// by the number of scopes alive. The utility is safe to share between threads.</para>
    /// <para>The options are read once, when the utility is first resolved, and validated then: a setting out of range
    /// makes that resolution throw <see cref="ArgumentOutOfRangeException"/>. Later changes to the options (reloaded
    /// configuration, <see cref="IOptionsMonitor{TOptions}"/>) do not reach a utility already built.</para>
    /// <para>The container disposes the utility when it is disposed itself; the <see cref="IAmazonS3"/> client is never
    /// disposed by the utility and stays the container's to manage. A <see cref="TransferUtility"/> registered before
    /// this call is kept: this call only adds one when there is none.</para>
    /// <para>To bind the settings from configuration, add
    /// <c>services.Configure&lt;TransferUtilityConfig&gt;(configuration.GetSection("S3Transfer"))</c> (in
    /// Microsoft.Extensions.Options.ConfigurationExtensions, which ASP.NET Core and the generic host already reference).</para>
    /// </remarks>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> is null.</exception>
    public static IServiceCollection AddS3TransferManager(this IServiceCollection services)
    {
        ArgumentNullException.ThrowIfNull(services);
        services.AddOptions();
        services.TryAddEnumerable(ServiceDescriptor.Singleton<IPostConfigureOptions<TransferUtilityConfig>, ContainerClock>());
        services.TryAddSingleton(CreateTransferUtility);
        // The interface apps inject (and mock in their tests) is the same one utility, so the budget stays single.
        services.TryAddSingleton<ITransferUtility>(static provider => provider.GetRequiredService<TransferUtility>());
        return services;
    }

    /// <summary>
    /// Registers one <see cref="TransferUtility"/> for the whole application (a singleton), as
    /// <see cref="AddS3TransferManager(IServiceCollection)"/> does, and applies <paramref name="configure"/> to its
    /// <see cref="TransferUtilityConfig"/> options.
    /// </summary>
    /// <param name="services">The container's registrations.</param>
    /// <param name="configure">Sets the utility's settings; it runs once, when the utility is first resolved, after
    /// any <c>Configure&lt;TransferUtilityConfig&gt;</c> registered before this call.</param>
    /// <returns><paramref name="services"/>, for chaining.</returns>
    /// <remarks>See <see cref="AddS3TransferManager(IServiceCollection)"/> for the lifetime and ownership rules.</remarks>
    /// <exception cref="ArgumentNullException"><paramref name="services"/> or <paramref name="configure"/> is null.</exception>
    public static IServiceCollection AddS3TransferManager(this IServiceCollection services, Action<TransferUtilityConfig> configure)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configure);
        services.Configure(configure);
        return services.AddS3TransferManager();
    }

    private static TransferUtility CreateTransferUtility(IServiceProvider provider)
    {
        // GetRequiredService's own message names the type but not what to do about it.
        IAmazonS3 s3 = provider.GetService<IAmazonS3>() ?? throw new InvalidOperationException(
            "AddS3TransferManager needs an IAmazonS3 registered in the container, for example " +
            "services.AddSingleton<IAmazonS3>(new AmazonS3Client()), or services.AddAWSService<IAmazonS3>() from AWSSDK.Extensions.NETCore.Setup.");
        TransferUtilityConfig config = provider.GetRequiredService<IOptions<TransferUtilityConfig>>().Value;

        // Logging is optional: a container without AddLogging gets a utility that logs nothing.
        return new TransferUtility(s3, config, provider.GetService<ILoggerFactory>());
    }
}
