using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace S3TransferManager.Checksums;

/// <summary>
/// The fast path of the reflected CRCs on x86 (<see cref="Crc64Nvme"/>, <see cref="Crc32Folded"/>, <see cref="Checksums.Crc32C"/>): folds a long input
/// with carry-less multiplication (PCLMULQDQ; 64 bytes per step in four 128-bit lanes, or 256 bytes per step in four
/// 512-bit registers where VPCLMULQDQ and AVX-512 exist) into 16 bytes that have the same CRC. Tables then finish those
/// 16 bytes and the tail, so no Barrett reduction is needed. Downloads hash every byte they validate, and uploads every
/// byte they send.
/// </summary>
/// <remarks>
/// Why it works: a CRC from state 0 is linear, and appending zeros to two inputs with equal CRCs keeps them equal. So a
/// 16-byte block X followed by 16·n bytes can be replaced by F(X) = lo(X)·x^(128n+63) ⊕ hi(X)·x^(128n−1) (mod P, in the
/// reflected form, a 32-bit CRC's value shifted into the high half of 64 bits), XORed into the block 16·n bytes later.
/// The exponents were found by search against the tables, and the tests check every length from 0 to over a thousand
/// bytes, unaligned starts and random splits against independent implementations.
/// </remarks>
internal sealed partial class CrcFolding
{
    /// <summary>Below this, setting up the lanes costs more than it saves.</summary>
    public const int MinimumLength = 128;

    private const int BlockSize = 64;

    private readonly ulong _polynomial;
    private readonly int _width;
    private readonly Vector128<ulong> _fold4;
    private readonly Vector128<ulong> _fold3;
    private readonly Vector128<ulong> _fold2;
    private readonly Vector128<ulong> _fold1;
    private readonly Wide? _wide;

    private CrcFolding(ulong polynomial, int width)
    {
        _polynomial = polynomial;
        _width = width;
        _fold4 = Constants(4);
        _fold3 = Constants(3);
        _fold2 = Constants(2);
        _fold1 = Constants(1);
        _wide = Pclmulqdq.V512.IsSupported ? new Wide(this) : null;
    }

    public static CrcFolding Crc64Nvme { get; } = new(CrcCombine.Crc64NvmePolynomial, 64);

    public static CrcFolding Crc32 { get; } = new(CrcCombine.Crc32Polynomial, 32);

    public static CrcFolding Crc32C { get; } = new(CrcCombine.Crc32CPolynomial, 32);

    public static bool IsSupported => Pclmulqdq.IsSupported;

    /// <summary>Whether the 512-bit path runs here (VPCLMULQDQ and AVX-512).</summary>
    public static bool WideIsSupported => Pclmulqdq.V512.IsSupported;

    /// <summary>Folds the whole 64-byte blocks of <paramref name="data"/> (at least <see cref="MinimumLength"/> bytes),
    /// starting from the CRC state <paramref name="crc"/>, into <paramref name="folded"/> (16 bytes) whose CRC from state
    /// 0 is the state after those blocks. Returns how many bytes were folded.</summary>
    // Optimised at its first call: a fresh process hashes its first parts in unoptimised vector code otherwise.
    [MethodImpl(MethodImplOptions.AggressiveOptimization)]
    public int Fold(ulong crc, ReadOnlySpan<byte> data, Span<byte> folded)
    {
        if (_wide is not null && data.Length >= Wide.BlockSize)
        {
            return _wide.Fold(crc, data, folded);
        }

        ref byte start = ref MemoryMarshal.GetReference(data);
        Vector128<ulong> x0 = Load(ref start, 0) ^ Vector128.CreateScalar(crc);
        Vector128<ulong> x1 = Load(ref start, 16);
        Vector128<ulong> x2 = Load(ref start, 32);
        Vector128<ulong> x3 = Load(ref start, 48);
        int offset = BlockSize;
        int end = data.Length - (data.Length % BlockSize);
        while (offset < end)
        {
            x0 = FoldBy(x0, _fold4) ^ Load(ref start, offset);
            x1 = FoldBy(x1, _fold4) ^ Load(ref start, offset + 16);
            x2 = FoldBy(x2, _fold4) ^ Load(ref start, offset + 32);
            x3 = FoldBy(x3, _fold4) ^ Load(ref start, offset + 48);
            offset += BlockSize;
        }

        Store(FoldBy(x0, _fold3) ^ FoldBy(x1, _fold2) ^ FoldBy(x2, _fold1) ^ x3, folded);
        return end;
    }

    private static void Store(Vector128<ulong> x, Span<byte> folded)
    {
        BinaryPrimitives.WriteUInt64LittleEndian(folded, x.GetElement(0));
        BinaryPrimitives.WriteUInt64LittleEndian(folded[8..], x.GetElement(1));
    }

    private static Vector128<ulong> FoldBy(Vector128<ulong> x, Vector128<ulong> constants) =>
        Pclmulqdq.CarrylessMultiply(x, constants, 0x00) ^ Pclmulqdq.CarrylessMultiply(x, constants, 0x11);

    private static Vector128<ulong> Load(ref byte start, int offset) =>
        Vector128.LoadUnsafe(ref Unsafe.Add(ref start, offset)).AsUInt64();

    /// <summary>The pair that moves a 16-byte block forward by 16·<paramref name="blocks"/> bytes.</summary>
    private Vector128<ulong> Constants(int blocks) => Vector128.Create(
        PowerOfX((ulong)((128 * blocks) + 63)),
        PowerOfX((ulong)((128 * blocks) - 1)));

    /// <summary>x^exponent mod P, reflected, as a 64-bit operand (a 32-bit CRC's value in the high half).</summary>
    private ulong PowerOfX(ulong exponent) => CrcCombine.PowerOfX(_polynomial, _width, exponent) << (64 - _width);
}
