/// Shell quoting for showing commands to people: what `sh` would need to run the same argv.
///
/// Slipway never builds a command line for execution out of values; quoting is for display only (dry runs,
/// failure messages, the manifest), so a user can copy a failed command into a terminal.
public enum Shell {
    /// Characters that never need quoting in any POSIX shell.
    private static let safe = Set(
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_@%+=:,./-".unicodeScalars)

    /// One word, single-quoted when it contains anything a shell would interpret. A word with a control character
    /// is written `$'…'` with C-style escapes (bash, zsh, ksh and POSIX.1-2024 `sh` read it back exactly), so a
    /// shown command never spans lines nor carries an escape sequence to the terminal.
    public static func quote(_ word: String) -> String {
        if word.isEmpty { return "''" }
        if word.unicodeScalars.allSatisfy({ safe.contains($0) }) { return word }
        if word.containsControlCharacter { return "$'" + word.cEscaped(quote: "'") + "'" }
        return "'" + word.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    /// An argv array as one line.
    public static func quote(_ arguments: [String]) -> String {
        arguments.map { quote($0) }.joined(separator: " ")
    }
}
