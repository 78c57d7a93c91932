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

    /// <summary>The properties present on both sides whose type differs, or that the SDK lets a caller set and this
    /// library does not: code that compiles against the SDK may not compile here. Types of the SDK's
    /// Amazon.S3.Transfer match this library's types of the same name.</summary>
    public static SortedSet<string> PropertyDifferences()
    {
        var differences = new SortedSet<string>(StringComparer.Ordinal);
        Assembly sdk = typeof(Amazon.S3.Transfer.TransferUtility).Assembly;
        Assembly ours = typeof(S3TransferManager.TransferUtility).Assembly;
        foreach (Type sdkType in sdk.GetExportedTypes().Where(t => t.Namespace == "Amazon.S3.Transfer" && !t.IsEnum))
        {
            if (ours.GetType("S3TransferManager." + sdkType.Name) is not { } ourType)
            {
                continue;
            }

            foreach (PropertyInfo theirs in sdkType.GetProperties(BindingFlags.Public | BindingFlags.Instance))
            {
                if (ourType.GetProperty(theirs.Name, BindingFlags.Public | BindingFlags.Instance) is not { } mine)
                {
                    continue;
                }

                string name = $"{theirs.DeclaringType!.Name}.{theirs.Name}";
                if (!SameType(theirs.PropertyType, mine.PropertyType))
                {
                    differences.Add($"{name}: {TypeName(theirs.PropertyType)} -> {TypeName(mine.PropertyType)}");
                }
                else if (theirs.SetMethod is { IsPublic: true } && mine.SetMethod is not { IsPublic: true })
                {
                    differences.Add($"{name}: settable -> read-only");
                }
            }
        }

        return differences;

        bool SameType(Type theirs, Type mine) =>
            theirs == mine
            || (theirs.Assembly == sdk && mine.Assembly == ours && theirs.Name == mine.Name)
            || (theirs.IsGenericType && mine.IsGenericType && theirs.GetGenericTypeDefinition() == mine.GetGenericTypeDefinition()
                && theirs.GetGenericArguments().Zip(mine.GetGenericArguments()).All(pair => SameType(pair.First, pair.Second)));
    }

    private static string TypeName(Type type) =>
        Nullable.GetUnderlyingType(type) is { } underlying ? TypeName(underlying) + "?"
        : type.IsGenericType ? $"{type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)]}<{string.Join(", ", type.GetGenericArguments().Select(TypeName))}>"
        : type.Name;

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
