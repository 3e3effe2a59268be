import Foundation
import Testing

@testable import SlipwayProject

/// The target-name part of a `bundleIdPrefix` id is what XcodeGen's Foundation code makes of the name.
@Suite("bundle identifier names")
struct BundleIdentifierNameTests {
    /// XcodeGen's own rule, with Foundation's character set.
    static func foundation(_ name: String) -> String {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-."))
        return String(
            String.UnicodeScalarView(
                name.replacingOccurrences(of: "_", with: "-").unicodeScalars.filter(allowed.contains)))
    }

    @Test(
        "matches Foundation's alphanumerics plus - and .",
        arguments: [
            "MyApp", "My_App", "My App", "App-iOS", "App.Watch", "Ünïcødé", "日本語アプリ", "App+Plus!", "Ⅻ٣", "e\u{301}",
            "App\u{1F600}Emoji", "Tab\tName", "", "__", "a_b-c.d e",
        ])
    func matchesFoundation(_ name: String) {
        #expect(BundleIdentifierName.escaped(name) == BundleIdentifierNameTests.foundation(name))
    }

    /// Foundation's character sets here come from an older Unicode than the standard library's, so scalars
    /// assigned since Unicode 13 (a handful of rare letters and marks) follow the standard library.
    @Test("every scalar of the Basic Multilingual Plane up to Unicode 13 is kept or dropped as Foundation does")
    func everyScalar() {
        let allowed = CharacterSet.alphanumerics
        var differing: [UInt32] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age,
                age.major < 13
            else { continue }
            if BundleIdentifierName.isAlphanumeric(scalar) != allowed.contains(scalar) { differing.append(value) }
        }
        #expect(differing.isEmpty, "differ: \(differing.prefix(20).map { String($0, radix: 16) })")
    }
}
