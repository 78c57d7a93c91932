using System.IO.Hashing;
using BenchmarkDotNet.Attributes;
using S3TransferManager.Checksums;

namespace S3TransferManager.Benchmarks.Checksums;

/// <summary>
/// What hashing costs per 8 MiB part, appended in the 64 KiB slices a download hands out: the CRCs a download
/// validates (CRC64NVME, S3's default, with and without the carry-less-multiply folding; CRC32; CRC32C) against the
/// speed of the network it keeps up with; CRC32 as System.IO.Hashing computes it and folded 512-bit (what the library
/// uses where AVX-512 exists); CRC32C folded (the library's), as System.IO.Hashing computes it, and as one chain of CRC32
/// instructions. Run: <c>dotnet run -c Release --project benchmarks/S3TransferManager.Benchmarks
/// -- --filter '*ChecksumThroughput*'</c>.
/// </summary>
[MemoryDiagnoser]
public class ChecksumThroughputBenchmarks
{
    private const int PartSize = 8 * 1024 * 1024;
    private const int Slice = 64 * 1024;
    private readonly byte[] _part = new byte[PartSize];

    [GlobalSetup]
    public void Setup() => new Random(1).NextBytes(_part);

    [Benchmark(Baseline = true)]
    public ulong Crc64NvmeFolded() => Run(new Crc64Nvme());

    [Benchmark]
    public ulong Crc64NvmeTablesOnly()
    {
        // Below the folding threshold every call takes the table path: 64-byte appends measure the tables alone.
        var crc = new Crc64Nvme();
        for (int offset = 0; offset < PartSize; offset += 64)
        {
            crc.Append(_part.AsSpan(offset, 64));
        }

        return BitConverter.ToUInt64(crc.GetCurrentHash());
    }

    [Benchmark]
    public ulong Crc32() => Run(new System.IO.Hashing.Crc32());

    [Benchmark]
    public ulong Crc32Folded() => Run(new Crc32Folded());

    [Benchmark]
    public ulong Crc32C() => Run(new Crc32C());

    /// <summary>CRC-32C as System.IO.Hashing 11 computes it (its Castagnoli parameter set).</summary>
    [Benchmark]
    public ulong Crc32CSystemIOHashing() => Run(new System.IO.Hashing.Crc32(Crc32ParameterSet.Crc32C));

    /// <summary>CRC-32C as one chain of CRC32 instructions, 8 bytes per step: the library's way before it folded.</summary>
    [Benchmark]
    public ulong Crc32CInstructionChain()
    {
        uint crc = uint.MaxValue;
        for (int offset = 0; offset < PartSize; offset += sizeof(ulong))
        {
            crc = System.Numerics.BitOperations.Crc32C(crc, System.Buffers.Binary.BinaryPrimitives.ReadUInt64LittleEndian(_part.AsSpan(offset)));
        }

        return ~crc;
    }

    private ulong Run(NonCryptographicHashAlgorithm hash)
    {
        for (int offset = 0; offset < PartSize; offset += Slice)
        {
            hash.Append(_part.AsSpan(offset, Slice));
        }

        Span<byte> value = stackalloc byte[8];
        hash.GetCurrentHash(value);
        return BitConverter.ToUInt64(value);
    }
}
