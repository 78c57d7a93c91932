using System.Reflection;

namespace CompatScenarios.Surface;

/// <summary>Compares the public surface of the AWS SDK's Amazon.S3.Transfer types with this library's, type by type:
/// the members with no counterpart of the same name and parameter types, and the properties that differ.</summary>
internal static class ApiSurface
{
    private const BindingFlags Public = BindingFlags.Public | BindingFlags.Instance | BindingFlags.Static;

    public static SortedSet<string> Missing()
    {
        var missing = new SortedSet<string>(StringComparer.Ordinal);
        foreach ((Type sdkType, Type? ourType) in Counterparts())
        {
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
        foreach ((Type sdkType, Type? counterpart) in Counterparts())
        {
            if (counterpart is not { IsEnum: false } ourType)
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

        static bool SameType(Type theirs, Type mine) =>
            theirs == mine
            || (theirs.Assembly == Sdk && mine.Assembly == Ours && theirs.Name == mine.Name)
            || (theirs.IsGenericType && mine.IsGenericType && theirs.GetGenericTypeDefinition() == mine.GetGenericTypeDefinition()
                && theirs.GetGenericArguments().Zip(mine.GetGenericArguments()).All(pair => SameType(pair.First, pair.Second)));
    }

    private static Assembly Sdk => typeof(Amazon.S3.Transfer.TransferUtility).Assembly;

    private static Assembly Ours => typeof(S3TransferManager.TransferUtility).Assembly;

    /// <summary>Every public type of the SDK's Amazon.S3.Transfer, with this library's type of the same name, or null.
    /// Abstract bases are left out: they are met through their derived types, with what those inherit. The progress
    /// arguments the SDK declares in Amazon.S3.Model (WriteObjectProgressArgs) are the very types this library's events
    /// carry, so they need no counterpart.</summary>
    private static IEnumerable<(Type Sdk, Type? Ours)> Counterparts() =>
        Sdk.GetExportedTypes()
            .Where(t => t.Namespace == "Amazon.S3.Transfer" && !(t.IsAbstract && !t.IsInterface))
            .OrderBy(t => t.Name, StringComparer.Ordinal)
            .Select(t => (t, Ours.GetType("S3TransferManager." + t.Name)));

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
