import SlipwayDetection
import SlipwaySpec
import SlipwayVersioning
import Testing

@Suite("version arithmetic and YAML quoting")
struct VersionArithmeticTests {
    @Test(
        "semantic bumps of marketing versions",
        arguments: [
            ("1.4.2", BumpLevel.patch, "1.4.3"), ("1.4.2", .minor, "1.5.0"), ("1.4.2", .major, "2.0.0"),
            ("1.9", .patch, "1.9.1"), ("1.9", .minor, "1.10"), ("1.9", .major, "2.0"),
            ("3", .patch, "3.0.1"), ("3", .minor, "3.1"), ("3", .major, "4"),
            ("1.2.9", .patch, "1.2.10"), ("0.9.9", .minor, "0.10.0"), ("9.9.9", .major, "10.0.0"),
            ("2026.1.29", .patch, "2026.1.30"), ("2024.05.1", .patch, "2024.05.2"), ("1.2.05", .patch, "1.2.06"),
            ("1.2.3.4", .patch, "1.2.4.0"), ("1.2.3.4", .minor, "1.3.0.0"),
        ])
    func marketing(_ old: String, _ level: BumpLevel, _ new: String) throws {
        let number = try #require(VersionNumber(old))
        #expect(number.bumped(level) == new)
    }

    @Test(
        "build numbers add one to their last part, keeping its width",
        arguments: [
            ("118", "119"), ("9", "10"), ("0099", "0100"), ("2024.11.3", "2024.11.4"), ("2024.11.9", "2024.11.10"),
            ("20200826151407", "20200826151408"), ("99999999999999999999999", "100000000000000000000000"),
        ])
    func build(_ old: String, _ new: String) throws {
        #expect(try #require(VersionNumber(old)).nextBuild() == new)
    }

    @Test(
        "only digits separated by single dots are numeric versions",
        arguments: ["1.2-beta", "", "1..2", ".1", "1.", "v1.2", "1.2 ", "１.２"])
    func notNumeric(_ text: String) {
        #expect(VersionNumber(text) == nil)
    }

    @Test(
        "an unquoted value reads back as its own text only when YAML cannot take it for something else",
        arguments: [
            ("1.4.3", true), ("119", true), ("2.0", true), ("1.5", true), ("0", true), ("2024.11.10", true),
            ("1.2-beta", true),
            ("1.10", false), ("1.50", false), ("007", false), ("1_000", false), ("1e5", false), ("1:30", false),
            ("yes", false), ("off", false), ("null", false), ("~", false), (".5", false), ("0x1F", false),
        ])
    func readsBack(_ text: String, _ expected: Bool) {
        #expect(PlainScalar.readsBack(text) == expected)
    }

    @Test(
        "a new value stays unquoted only when it is safe in block and flow context",
        arguments: [
            ("1.4.3", true), ("1.10", false), ("2.0 beta", false), ("1.2,3", false), ("#1", false), ("-1", false),
            ("1.2-rc.1", true),
        ])
    func plain(_ text: String, _ expected: Bool) {
        #expect(ScalarRewriter.canStayPlain(text) == expected)
    }

    @Test("--set accepts what App Store Connect does (one to three integers), --build only build numbers")
    func requestValidation() {
        #expect(BumpRequest.problem(withSetValue: "2.0.0-beta.1") != nil)
        #expect(BumpRequest.problem(withSetValue: "1.2.3.4")?.hasSuffix("for example 1.2.3") == true)
        #expect(BumpRequest.problem(withSetValue: "2.0 beta")?.hasSuffix("for example 2.0") == true)
        #expect(BumpRequest.problem(withSetValue: "26.07.5") == nil)
        #expect(BumpRequest.problem(withSetValue: "3") == nil)
        #expect(BumpRequest.problem(withSetValue: "") != nil)
        #expect(BumpRequest.problem(withSetValue: "1.0\n2.0") != nil)
        #expect(BumpRequest.problem(withSetValue: " 1.0") != nil)
        #expect(BumpRequest.isBuildNumber("2024.11.3"))
        #expect(!BumpRequest.isBuildNumber("12a"))
    }
}
