using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Runtime.Intrinsics;
using System.Runtime.Intrinsics.X86;

namespace S3TransferManager.Upload.Checksums;

/// <content>The 512-bit path: where VPCLMULQDQ and AVX-512 exist, the same folding runs on four 128-bit lanes per
/// register and four registers, 256 bytes per step, about twice the 128-bit path's speed.</content>
internal static partial class Crc64NvmeFolding
{
    private static class Wide
    {
        public const int BlockSize = 256;

        /// <summary>Moves each lane forward by 256 bytes (16 blocks), and by 192, 128 and 64 bytes for the final merge.</summary>
        private static readonly Vector512<ulong> s_fold16 = Broadcast(16);
        private static readonly Vector512<ulong> s_fold12 = Broadcast(12);
        private static readonly Vector512<ulong> s_fold8 = Broadcast(8);
        private static readonly Vector512<ulong> s_fold4 = Broadcast(4);

        public static int Fold(ulong crc, ReadOnlySpan<byte> data, Span<byte> folded)
        {
            ref byte start = ref MemoryMarshal.GetReference(data);
            Vector512<ulong> z0 = Load(ref start, 0) ^ Vector512.CreateScalar(crc);
            Vector512<ulong> z1 = Load(ref start, 64);
            Vector512<ulong> z2 = Load(ref start, 128);
            Vector512<ulong> z3 = Load(ref start, 192);
            int offset = BlockSize;
            int end = data.Length - (data.Length % BlockSize);
            while (offset < end)
            {
                z0 = FoldBy(z0, s_fold16) ^ Load(ref start, offset);
                z1 = FoldBy(z1, s_fold16) ^ Load(ref start, offset + 64);
                z2 = FoldBy(z2, s_fold16) ^ Load(ref start, offset + 128);
                z3 = FoldBy(z3, s_fold16) ^ Load(ref start, offset + 192);
                offset += BlockSize;
            }

            // Each lane of z0 lies 192 bytes before the same lane of z3; then the four lanes of the merged register lie
            // 48, 32, 16 and 0 bytes before the last one.
            Vector512<ulong> z = FoldBy(z0, s_fold12) ^ FoldBy(z1, s_fold8) ^ FoldBy(z2, s_fold4) ^ z3;
            Vector128<ulong> x = FoldBlocks(z.GetLower().GetLower(), 3) ^ FoldBlocks(z.GetLower().GetUpper(), 2)
                ^ FoldBlocks(z.GetUpper().GetLower(), 1) ^ z.GetUpper().GetUpper();
            BinaryPrimitives.WriteUInt64LittleEndian(folded, x.GetElement(0));
            BinaryPrimitives.WriteUInt64LittleEndian(folded[8..], x.GetElement(1));
            return end;
        }

        private static Vector512<ulong> FoldBy(Vector512<ulong> x, Vector512<ulong> constants) =>
            Pclmulqdq.V512.CarrylessMultiply(x, constants, 0x00) ^ Pclmulqdq.V512.CarrylessMultiply(x, constants, 0x11);

        private static Vector512<ulong> Load(ref byte start, int offset) =>
            Vector512.LoadUnsafe(ref Unsafe.Add(ref start, offset)).AsUInt64();

        private static Vector512<ulong> Broadcast(int blocks)
        {
            Vector128<ulong> lane = Constants(blocks);
            Vector256<ulong> half = Vector256.Create(lane, lane);
            return Vector512.Create(half, half);
        }
    }
}
