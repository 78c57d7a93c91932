using System.Text;
using System.Text.RegularExpressions;

namespace S3TransferManager.Sync;

/// <summary>
/// A shell-style pattern with the rules of Python's <c>fnmatch</c>, which the AWS CLI's --include and --exclude use:
/// <c>*</c> matches any run of characters, '/' included; <c>?</c> one character; <c>[seq]</c> one of a set and
/// <c>[!seq]</c> one outside it; anything else itself. The whole name must match. Case matters except on Windows,
/// where fnmatch folds case as the file system does.
/// </summary>
internal sealed class GlobPattern
{
    private readonly Regex _regex;

    public GlobPattern(string pattern)
    {
        Pattern = pattern;
        RegexOptions options = RegexOptions.Singleline | RegexOptions.CultureInvariant;
        if (OperatingSystem.IsWindows())
        {
            options |= RegexOptions.IgnoreCase;
        }

        _regex = new Regex(Translate(pattern), options, TimeSpan.FromSeconds(1));
    }

    public string Pattern { get; }

    public bool IsMatch(string name) => _regex.IsMatch(name);

    /// <summary>The pattern as an anchored regular expression.</summary>
    internal static string Translate(string pattern)
    {
        var regex = new StringBuilder("^(?:");
        int i = 0;
        while (i < pattern.Length)
        {
            char c = pattern[i++];
            if (c == '*')
            {
                regex.Append(".*");
            }
            else if (c == '?')
            {
                regex.Append('.');
            }
            else if (c == '[' && ClosingBracket(pattern, i) is int close)
            {
                regex.Append(CharacterClass(pattern[i..close]));
                i = close + 1;
            }
            else
            {
                regex.Append(Regex.Escape(c.ToString()));
            }
        }

        return regex.Append(")$").ToString();
    }

    /// <summary>Where the set opened just before <paramref name="start"/> closes; a ']' right after the '[' (or after
    /// "[!") belongs to the set. Null when it never closes, and the '[' is then a plain character.</summary>
    private static int? ClosingBracket(string pattern, int start)
    {
        int j = start;
        if (j < pattern.Length && pattern[j] == '!')
        {
            j++;
        }

        if (j < pattern.Length && pattern[j] == ']')
        {
            j++;
        }

        int close = pattern.IndexOf(']', j);
        return close < 0 ? null : close;
    }

    private static string CharacterClass(string set)
    {
        var regex = new StringBuilder("[");
        int i = 0;
        if (set.StartsWith('!'))
        {
            regex.Append('^');
            i = 1;
        }
        else if (set.StartsWith('^'))
        {
            regex.Append(@"\^");
            i = 1;
        }

        for (; i < set.Length; i++)
        {
            char c = set[i];
            // '-' between two characters is a range, as in fnmatch; everything else stands for itself.
            regex.Append(c is '\\' or '[' or ']' or '^' ? "\\" + c : c.ToString());
        }

        return regex.Append(']').ToString();
    }
}
