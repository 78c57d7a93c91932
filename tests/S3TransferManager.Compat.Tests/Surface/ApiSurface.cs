using System.Reflection;

namespace CompatScenarios.Surface;

/// <summary>Lists the public members of the AWS SDK's Amazon.S3.Transfer types that have no counterpart of the same
/// name and parameter types here, type by type.</summary>
internal static class ApiSurface
{
    private const BindingFlags Public = BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static;

    public static SortedSet<string> Missing()
    {
        var missing = new SortedSet<string>(StringComparer.Ordinal);
        Assembly sdk = typeof(Amazon.S3.Transfer.TransferUtility).Assembly;
        Assembly ours = typeof(S3TransferManager.TransferUtility).Assembly;
        IEnumerable<Type> sdkTypes = sdk.GetExportedTypes()
            .Where(t => t.Namespace == "Amazon.S3.Transfer" || t == typeof(Amazon.S3.Model.WriteObjectProgressArgs));
        foreach (Type sdkType in sdkTypes.OrderBy(t => t.Name, StringComparer.Ordinal))
        {
            if (sdkType.IsAbstract && !sdkType.IsInterface)
            {
                // An abstract base is met through its derived types, checked with what they inherit.
                continue;
            }

            Type? ourType = ours.GetType("S3TransferManager." + sdkType.Name);
            if (ourType is null)
            {
                missing.Add(sdkType.Name);
                continue;
            }

            if (sdkType.IsEnum)
            {
                foreach (string name in Enum.GetNames(sdkType).Except(Enum.GetNames(ourType)))
                {
                    missing.Add($"{sdkType.Name}.{name}");
                }

                continue;
            }

            HashSet<string> ourMembers = [.. Signatures(ourType).Select(m => m.Signature)];
            foreach ((string declaredOn, string signature) in Signatures(sdkType).Where(m => !ourMembers.Contains(m.Signature)))
            {
                missing.Add($"{declaredOn}.{signature}");
            }
        }

        return missing;
    }

    private static IEnumerable<(string DeclaredOn, string Signature)> Signatures(Type type)
    {
        // Interfaces list their own members only; a class's include the inherited ones, as an app sees them.
        IEnumerable<MemberInfo> members = type.IsInterface
            ? type.GetMembers(Public).Concat(type.GetInterfaces().SelectMany(i => i.GetMembers(Public)))
            : type.GetMembers(Public);
        foreach (MemberInfo member in members.Where(m => m.DeclaringType != typeof(object)))
        {
            switch (member)
            {
                case PropertyInfo property:
                    yield return (property.DeclaringType!.Name, property.Name);
                    break;
                case EventInfo e:
                    yield return (e.DeclaringType!.Name, e.Name);
                    break;
                case ConstructorInfo constructor:
                    yield return (type.Name, $".ctor({Parameters(constructor)})");
                    break;
                case MethodInfo method when !method.IsSpecialName:
                    yield return (method.DeclaringType!.Name, $"{method.Name}({Parameters(method)})");
                    break;
            }
        }
    }

    private static string Parameters(MethodBase method) => string.Join(", ", method.GetParameters().Select(p => p.ParameterType.Name));
}
