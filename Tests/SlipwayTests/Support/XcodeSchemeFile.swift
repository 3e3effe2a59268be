import Foundation

/// A shared scheme as Xcode (or XcodeGen) writes it, `<project>.xcodeproj/xcshareddata/xcschemes/<name>.xcscheme`:
/// what its build and test actions name. The oracle tests read XcodeGen's generated schemes with it, to hold the
/// model to them.
struct XcodeSchemeFile: Sendable, Equatable {
    struct BuildEntry: Sendable, Equatable {
        /// The target (`BlueprintName`).
        var name: String
        /// `running`, `testing`, `profiling`, `analyzing`, `archiving`: the `buildFor…` flags set to `YES`.
        var buildTypes: Set<String>
    }

    struct Testable: Sendable, Equatable {
        var name: String
        var skipped: Bool
    }

    struct TestPlanReference: Sendable, Equatable {
        /// The plan's path relative to the project's folder (`container:` removed).
        var path: String
        var isDefault: Bool
    }

    var name: String
    var buildEntries: [BuildEntry]
    var testables: [Testable]
    var testPlans: [TestPlanReference]
    /// The test action's `buildConfiguration`.
    var testConfiguration: String?
    /// The archive action's `buildConfiguration`.
    var archiveConfiguration: String?

    static let buildFlags: [(attribute: String, type: String)] = [
        ("buildForRunning", "running"), ("buildForTesting", "testing"), ("buildForProfiling", "profiling"),
        ("buildForAnalyzing", "analyzing"), ("buildForArchiving", "archiving"),
    ]

    /// Reads the file's text; `name` is its file name without `.xcscheme`. Elements it does not know are passed over.
    static func parse(_ text: String, name: String) -> XcodeSchemeFile {
        var scheme = XcodeSchemeFile(
            name: name, buildEntries: [], testables: [], testPlans: [], testConfiguration: nil,
            archiveConfiguration: nil)
        var path: [String] = []
        var entry: BuildEntry?
        var testable: Testable?
        for element in XMLElements(text) {
            switch element {
            case .open(let tag, let attributes, let closed):
                switch tag {
                case "BuildActionEntry":
                    let types = buildFlags.filter { attributes[$0.attribute] == "YES" }.map(\.type)
                    entry = BuildEntry(name: "", buildTypes: Set(types))
                case "TestableReference":
                    testable = Testable(name: "", skipped: attributes["skipped"] == "YES")
                case "BuildableReference":
                    let blueprint = attributes["BlueprintName"] ?? ""
                    if path.last == "BuildActionEntry" { entry?.name = blueprint }
                    if path.last == "TestableReference" { testable?.name = blueprint }
                case "TestPlanReference":
                    var reference = attributes["reference"] ?? ""
                    if reference.hasPrefix("container:") { reference.removeFirst("container:".count) }
                    scheme.testPlans.append(.init(path: reference, isDefault: attributes["default"] == "YES"))
                case "TestAction":
                    scheme.testConfiguration = attributes["buildConfiguration"]
                case "ArchiveAction":
                    scheme.archiveConfiguration = attributes["buildConfiguration"]
                default: break
                }
                if !closed { path.append(tag) } else { finish(tag) }
            case .close(let tag):
                while let last = path.popLast() {
                    finish(last)
                    if last == tag { break }
                }
            }
        }
        func finish(_ tag: String) {
            if tag == "BuildActionEntry", let done = entry {
                scheme.buildEntries.append(done)
                entry = nil
            }
            if tag == "TestableReference", let done = testable {
                scheme.testables.append(done)
                testable = nil
            }
        }
        return scheme
    }
}

/// The elements of an XML text, in order: enough XML for the files Xcode writes (no DTD, no CDATA needed).
struct XMLElements: Sequence, IteratorProtocol {
    enum Element {
        case open(String, [String: String], closed: Bool)
        case close(String)
    }

    private let bytes: [UInt8]
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    mutating func next() -> Element? {
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { return nil }
            switch bytes[index] {
            case UInt8(ascii: "?"), UInt8(ascii: "!"):
                skip(past: UInt8(ascii: ">"))
            case UInt8(ascii: "/"):
                index += 1
                let name = word()
                skip(past: UInt8(ascii: ">"))
                return .close(name)
            default:
                let name = word()
                var attributes: [String: String] = [:]
                while index < bytes.count {
                    skipSpace()
                    guard index < bytes.count else { break }
                    if bytes[index] == UInt8(ascii: ">") {
                        index += 1
                        return .open(name, attributes, closed: false)
                    }
                    if bytes[index] == UInt8(ascii: "/") {
                        skip(past: UInt8(ascii: ">"))
                        return .open(name, attributes, closed: true)
                    }
                    let key = word()
                    skipSpace()
                    guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                        if key.isEmpty { index += 1 }
                        continue
                    }
                    index += 1
                    skipSpace()
                    guard index < bytes.count else { break }
                    let quote = bytes[index]
                    index += 1
                    let start = index
                    while index < bytes.count, bytes[index] != quote { index += 1 }
                    attributes[key] = Self.unescaped(
                        String(decoding: bytes[start..<Swift.min(index, bytes.count)], as: UTF8.self))
                    index += 1
                }
                return .open(name, attributes, closed: false)
            }
        }
        return nil
    }

    private mutating func word() -> String {
        let start = index
        while index < bytes.count,
            ![
                UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ">"),
                UInt8(ascii: "/"), UInt8(ascii: "="),
            ].contains(bytes[index])
        {
            index += 1
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func skipSpace() {
        while index < bytes.count,
            [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r")]
                .contains(bytes[index])
        {
            index += 1
        }
    }

    private mutating func skip(past byte: UInt8) {
        while index < bytes.count, bytes[index] != byte { index += 1 }
        index += 1
    }

    static func unescaped(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&apos;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#10;", with: "\n")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
