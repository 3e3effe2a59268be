/// A target name as XcodeGen puts it after `bundleIdPrefix`: `_` becomes `-`, and only letters, marks, digits, `-`
/// and `.` are kept (Foundation's `CharacterSet.alphanumerics` plus "-.").
///
/// Written without Foundation's string and character-set classes, whose first use costs more than the rest of the
/// model: `slipway detect` reads it on every commit the hook sees.
enum BundleIdentifierName {
    static func escaped(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            if scalar == "_" {
                scalars.append("-")
            } else if scalar == "-" || scalar == "." || isAlphanumeric(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// `CharacterSet.alphanumerics`: the Unicode general categories L*, M* and N*.
    static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber:
            return true
        default:
            return false
        }
    }
}
