using System.Reflection;
using System.Reflection.Emit;
using Amazon.S3;

namespace S3TransferManager.Tests.Requests;

/// <summary>Reads the compiled library's IL, for the tests that hold its structure: what each method calls, reads and
/// names.</summary>
internal static class LibraryIl
{
    public const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;

    private static readonly Dictionary<short, OpCode> s_opCodes = typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!).ToDictionary(o => o.Value);

    /// <summary>Each call in <paramref name="assembly"/> of a request-sending <see cref="IAmazonS3"/> method (a
    /// Task-returning method of the interface or of a type that implements it: construction and disposal send
    /// nothing), with its caller's outermost type (a lambda's or state machine's nested type counts as the type it is
    /// written in).</summary>
    public static IEnumerable<(string Caller, string Called)> S3RequestCalls(Assembly assembly)
    {
        foreach (Type type in assembly.GetTypes())
        {
            Type outer = type;
            while (outer.DeclaringType is { } declaring)
            {
                outer = declaring;
            }

            foreach (MethodBase called in Methods(type).SelectMany(Operands).OfType<MethodBase>().Where(SendsARequest))
            {
                yield return (outer.FullName!, $"{called.DeclaringType!.Name}.{called.Name}");
            }
        }
    }

    /// <summary>The methods and constructors <paramref name="type"/> declares (its lambdas and state machines are
    /// nested types of their own).</summary>
    public static IEnumerable<MethodBase> Methods(Type type) => type.GetMethods(All).Cast<MethodBase>().Concat(type.GetConstructors(All));

    /// <summary>The members <paramref name="method"/>'s IL names: the methods it calls, makes delegates of or constructs
    /// with, the fields it reads or writes, and the types it names.</summary>
    public static IEnumerable<MemberInfo> Operands(MethodBase method)
    {
        byte[]? il = method.GetMethodBody()?.GetILAsByteArray();
        if (il is null)
        {
            yield break;
        }

        Type[]? typeArguments = method.DeclaringType is { IsGenericType: true } generic ? generic.GetGenericArguments() : null;
        Type[]? methodArguments = method.IsGenericMethod ? method.GetGenericArguments() : null;
        int at = 0;
        while (at < il.Length)
        {
            short value = il[at] == 0xFE ? (short)(0xFE00 | il[at + 1]) : il[at];
            at += il[at] == 0xFE ? 2 : 1;
            OpCode code = s_opCodes[value];
            if (code.OperandType is OperandType.InlineMethod or OperandType.InlineField or OperandType.InlineType or OperandType.InlineTok)
            {
                MemberInfo? member = null;
                try
                {
                    member = method.Module.ResolveMember(BitConverter.ToInt32(il, at), typeArguments, methodArguments);
                }
                catch (ArgumentException)
                {
                    // A token from another generic context.
                }

                if (member is not null)
                {
                    yield return member;
                }
            }

            at += OperandSize(code, il, at);
        }
    }

    private static int OperandSize(OpCode code, byte[] il, int at) => code.OperandType switch
    {
        OperandType.InlineNone => 0,
        OperandType.ShortInlineBrTarget or OperandType.ShortInlineI or OperandType.ShortInlineVar => 1,
        OperandType.InlineVar => 2,
        OperandType.InlineI8 or OperandType.InlineR => 8,
        OperandType.InlineSwitch => 4 + (4 * BitConverter.ToInt32(il, at)),
        _ => 4,
    };

    private static bool SendsARequest(MethodBase method) =>
        method is MethodInfo info && typeof(Task).IsAssignableFrom(info.ReturnType)
        && method.DeclaringType is { } declaring && typeof(IAmazonS3).IsAssignableFrom(declaring);
}
