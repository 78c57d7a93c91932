using System.Reflection;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Requests;

/// <summary>
/// The checks and the journals sit below the downloads that use them: read from the compiled library, no type of the
/// Checksums or Resume namespaces (or those below them) names a type of the Download namespace (or one below it), in
/// its base types, fields, signatures, locals or IL.
/// </summary>
public sealed class FolderRuleTests
{
    private const string Download = "S3TransferManager.Download";

    [Theory]
    [InlineData("S3TransferManager.Checksums")]
    [InlineData("S3TransferManager.Resume")]
    public void Folder_NamesNothingOfDownload(string folder)
    {
        Assert.Empty(References(folder, Download));
    }

    [Fact]
    public void References_FindTheDownloadsUseOfItsValidator()
    {
        Assert.Contains($"{Download}.DownloadSession uses S3TransferManager.Checksums.Validation.DownloadChecksumValidator",
            References(Download, "S3TransferManager.Checksums"));
    }

    /// <summary>Each type of <paramref name="from"/> (or below) that names a type of <paramref name="to"/> (or below):
    /// "user uses used", the user being the outermost type (a lambda's or state machine's counts as its own).</summary>
    private static IEnumerable<string> References(string from, string to) =>
        typeof(S3Calls).Assembly.GetTypes().Where(t => In(t, from))
            .SelectMany(t => Named(t).Where(used => In(used, to)).Select(used => $"{Outermost(t).FullName} uses {used.FullName}"))
            .Distinct();

    private static bool In(Type type, string space) =>
        type.Namespace is { } name && (name == space || name.StartsWith(space + ".", StringComparison.Ordinal));

    private static Type Outermost(Type type) => type.DeclaringType is { } declaring ? Outermost(declaring) : type;

    /// <summary>The types <paramref name="type"/> names, with the types they are built of.</summary>
    private static IEnumerable<Type> Named(Type type)
    {
        List<Type?> named = [type.BaseType, .. type.GetInterfaces(), .. type.GetFields(LibraryIl.All).Select(f => f.FieldType)];
        foreach (MethodBase method in LibraryIl.Methods(type))
        {
            named.AddRange(Signature(method));
            named.AddRange(method.GetMethodBody()?.LocalVariables.Select(l => l.LocalType) ?? []);
            foreach (MemberInfo member in LibraryIl.Operands(method))
            {
                named.Add(member as Type ?? member.DeclaringType);
                named.AddRange(member switch
                {
                    FieldInfo field => [field.FieldType],
                    MethodBase called => Signature(called),
                    _ => [],
                });
            }
        }

        return named.OfType<Type>().SelectMany(BuiltOf);
    }

    private static IEnumerable<Type> Signature(MethodBase method) =>
        [.. method.GetParameters().Select(p => p.ParameterType), .. method is MethodInfo info ? [info.ReturnType] : Type.EmptyTypes,
            .. method.IsGenericMethod ? method.GetGenericArguments() : Type.EmptyTypes];

    /// <summary>A type with those it is built of: an array's or a reference's element, a generic type's arguments.</summary>
    private static IEnumerable<Type> BuiltOf(Type type)
    {
        if (type.HasElementType)
        {
            return BuiltOf(type.GetElementType()!);
        }

        return type.IsConstructedGenericType ? [type, .. type.GetGenericArguments().SelectMany(BuiltOf)] : [type];
    }
}
