using System.Text;
using S3TransferManager.Sync;

namespace S3TransferManager.Tests.Sync;

public sealed class Utf8KeyOrderTests
{
    [Fact]
    public void Compare_CharactersAboveUFFFF_SortAfterPrivateUseAndReplacementCharactersAsInUtf8()
    {
        string[] keys = ["a\U0001F600", "a\uFFFD", "a\uE000", "a/b", "a-b", "a"];

        string[] sorted = [.. keys.Order(Utf8KeyOrder.Instance)];

        Assert.Equal(["a", "a-b", "a/b", "a\uE000", "a\uFFFD", "a\U0001F600"], sorted);
    }

    [Fact]
    public void Compare_RandomKeys_SameOrderAsTheirUtf8Bytes()
    {
        var random = new Random(7);
        char[] alphabet = ['a', 'Z', '/', '-', '.', ' ', 'é', '\u4E2D', '\uE001', '\uFFFC'];
        var keys = new List<string>();
        for (int i = 0; i < 2000; i++)
        {
            var key = new StringBuilder();
            int length = random.Next(1, 8);
            for (int j = 0; j < length; j++)
            {
                if (random.Next(6) == 0)
                {
                    key.Append(char.ConvertFromUtf32(0x10000 + random.Next(0x1000)));
                }
                else
                {
                    key.Append(alphabet[random.Next(alphabet.Length)]);
                }
            }

            keys.Add(key.ToString());
        }

        string[] byBytes = [.. keys.OrderBy(k => Encoding.UTF8.GetBytes(k), Comparer<byte[]>.Create((x, y) => x.AsSpan().SequenceCompareTo(y)))];
        string[] byOrder = [.. keys.Order(Utf8KeyOrder.Instance)];

        Assert.Equal(byBytes, byOrder);
    }
}
