using System.Reflection;
using System.Reflection.Emit;
using Amazon.S3;
using S3TransferManager.Requests;

namespace S3TransferManager.Tests.Requests;

/// <summary>
/// Every S3 request of the library goes out through <see cref="S3Calls"/>: read from the compiled library's IL, no
/// method outside the Requests folder's namespace calls (or makes a delegate of) an <see cref="IAmazonS3"/> method that
/// sends a request, and one type hedges.
/// </summary>
public sealed class OneRequestPathTests
{
    private const string RequestsNamespace = "S3TransferManager.Requests";
    private static readonly Dictionary<short, OpCode> s_opCodes = typeof(OpCodes).GetFields(BindingFlags.Public | BindingFlags.Static)
        .Select(f => (OpCode)f.GetValue(null)!).ToDictionary(o => o.Value);

    [Fact]
    public void Library_CallsIAmazonS3RequestsOnlyFromRequests()
    {
        List<(string Caller, string Called)> calls = [.. RequestCalls()];

        Assert.Contains(calls, c => c.Caller.StartsWith(RequestsNamespace + ".S3Calls", StringComparison.Ordinal));
        Assert.Empty(calls.Where(c => !c.Caller.StartsWith(RequestsNamespace + ".", StringComparison.Ordinal)).Select(c => $"{c.Caller} calls {c.Called}"));
    }

    [Fact]
    public void Library_HasOneHedgingType()
    {
        Type[] hedging = [.. typeof(S3Calls).Assembly.GetTypes().Where(t => !t.IsNested && t.Name.Contains("Hedg", StringComparison.Ordinal))];

        Assert.Equal([typeof(Hedge)], hedging);
    }

    /// <summary>Each call of a request-sending <see cref="IAmazonS3"/> method in the library, with its caller's
    /// outermost type (a lambda's or state machine's nested type counts as the type it is written in).</summary>
    private static IEnumerable<(string Caller, string Called)> RequestCalls()
    {
        const BindingFlags all = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static | BindingFlags.DeclaredOnly;
        foreach (Type type in typeof(S3Calls).Assembly.GetTypes())
        {
            Type outer = type;
            while (outer.DeclaringType is { } declaring)
            {
                outer = declaring;
            }

            foreach (MethodBase method in type.GetMethods(all).Cast<MethodBase>().Concat(type.GetConstructors(all)))
            {
                foreach (MethodBase called in CalledMethods(method))
                {
                    if (SendsARequest(called))
                    {
                        yield return (outer.FullName!, $"{called.DeclaringType!.Name}.{called.Name}");
                    }
                }
            }
        }
    }

    private static bool SendsARequest(MethodBase method) =>
        method is MethodInfo info && typeof(Task).IsAssignableFrom(info.ReturnType)
        && (method.DeclaringType == typeof(IAmazonS3) || typeof(IAmazonS3).IsAssignableFrom(method.DeclaringType));

    /// <summary>The methods <paramref name="method"/>'s IL calls, makes delegates of, or constructs with.</summary>
    private static IEnumerable<MethodBase> CalledMethods(MethodBase method)
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
            if (code.OperandType == OperandType.InlineMethod)
            {
                int token = BitConverter.ToInt32(il, at);
                MethodBase? called = null;
                try
                {
                    called = method.Module.ResolveMethod(token, typeArguments, methodArguments);
                }
                catch (ArgumentException)
                {
                    // A token from another generic context: not an IAmazonS3 method.
                }

                if (called is not null)
                {
                    yield return called;
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
}
