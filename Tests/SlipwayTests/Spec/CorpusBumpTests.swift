import Foundation
import Testing

/// `slipway bump patch` and `minor` on every spec of the public corpus (`Tests/Fixtures/Corpus`), each run in a fresh
/// copy of the spec's repository folder so its includes resolve. An edit changes version values and nothing else:
/// the same lines with the same comments and spacing, references such as `$(MARKETING_VERSION)` as they were, and
/// PyYAML (a parser that is not Slipway's) reads the same document back but for the new versions. A refusal exits 1
/// or 2 with its reason on stderr and leaves every file as it was, byte for byte. The corpus's
/// bump-expectations.txt says which of the two each spec gets, with the values or the reason, so a change in
/// either direction fails here.
@Suite("bump over the public spec corpus")
struct CorpusBumpTests {
    static let levels = ["patch", "minor"]
    static let expectations = ProjectFixtures.corpus.appendingPathComponent("bump-expectations.txt")

    @Test("patch and minor on every corpus spec: version values edited and nothing else, or refused untouched")
    func everySpec() throws {
        let specs = try ProjectFixtures.corpusSpecs()
        let expected = try CorpusBumpExpectation.load(Self.expectations)
        let work = TemporaryDirectory("slipway-corpus")
        let home = TemporaryDirectory("slipway-home")
        var edited: [CorpusBumpEdit] = []
        var tried: Set<String> = []
        for spec in specs {
            for level in Self.levels {
                let key = "\(spec) \(level)"
                tried.insert(key)
                guard let expectation = expected[key] else {
                    Issue.record("bump-expectations.txt has no line for \(key): add one")
                    continue
                }
                let copy = work.url.appendingPathComponent("\(tried.count)", isDirectory: true)
                edited += try Self.bump(spec, level, expecting: expectation, in: copy, home: home.url)
            }
        }
        for key in Set(expected.keys).subtracting(tried).sorted() {
            Issue.record("bump-expectations.txt names \(key), which is not a spec of the corpus")
        }
        let readings = try YAMLScalars.read(edited.flatMap { [$0.before, $0.after] })
        for edit in edited {
            for problem in edit.valueProblems(readings) { Issue.record("\(edit.label): \(problem)") }
        }
    }

    /// Runs `slipway bump <level> --json --spec <spec>` in a copy of the spec's folder and checks the outcome against
    /// `expectation`; returns the files it edited, for PyYAML to read.
    static func bump(
        _ spec: String, _ level: String, expecting expectation: CorpusBumpExpectation.Outcome, in copy: URL, home: URL
    ) throws -> [CorpusBumpEdit] {
        let folder = String(spec.prefix { $0 != "/" })
        let source = ProjectFixtures.corpus.appendingPathComponent(folder, isDirectory: true)
        try FileManager.default.copyItem(at: source, to: copy)
        let before = try SpecFixture.snapshot(copy)
        let result = try SlipwayBinary.run(
            ["bump", level, "--json", "--spec", String(spec.dropFirst(folder.count + 1))], in: copy,
            environment: isolatedEnvironment(home: home))
        let after = try SpecFixture.snapshot(copy)
        let changed = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
        let label = "\(spec) \(level)"
        switch expectation {
        case .refused(let reason):
            guard result.status == 1 || result.status == 2 else {
                Issue.record(
                    "\(label): expected a refusal saying '\(reason)', got exit \(result.status): \(result.stderr)")
                return []
            }
            #expect(result.stderr.contains(reason), "\(label): the refusal does not say '\(reason)': \(result.stderr)")
            #expect(changed.isEmpty, "\(label): refused, yet changed \(changed)")
            return []
        case .edited(let marketing, let build):
            guard result.status == 0 else {
                Issue.record("\(label): expected an edit, got exit \(result.status): \(result.stderr)")
                return []
            }
            let report = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            #expect(CorpusBumpExpectation.Change(report["marketing"]) == marketing, "\(label): \(result.stdout)")
            #expect(CorpusBumpExpectation.Change(report["build"]) == build, "\(label): \(result.stdout)")
            #expect(Set(report["files"] as? [String] ?? []) == Set(changed), "\(label): changed \(changed)")
            #expect(!changed.isEmpty, "\(label): exit 0, yet no file changed")
            var edits: [CorpusBumpEdit] = []
            for path in changed {
                guard let old = before[path], let new = after[path] else {
                    Issue.record("\(label): \(path) was \(before[path] == nil ? "created" : "deleted")")
                    continue
                }
                if let problem = VersionOnlyLines.problem(old, new) { Issue.record("\(label): \(path): \(problem)") }
                #expect(
                    VersionOnlyLines.references(old) == VersionOnlyLines.references(new),
                    "\(label): \(path): the references $(…) and ${…} changed")
                edits.append(
                    CorpusBumpEdit(
                        label: "\(label): \(path)", before: source.appendingPathComponent(path),
                        after: copy.appendingPathComponent(path), marketing: marketing, build: build))
            }
            return edits
        }
    }
}

/// One line of the corpus's bump-expectations.txt, for one spec and level:
/// `<spec> <level> edited <marketing old>-><new> <build old>-><new>` (`-` for a value the spec lacks), or
/// `<spec> <level> refused <words the message contains>`.
enum CorpusBumpExpectation {
    struct Change: Equatable, CustomStringConvertible {
        var old: String
        var new: String

        var description: String { "\(old)->\(new)" }

        init(old: String, new: String) {
            self.old = old
            self.new = new
        }

        /// `{"old": …, "new": …}` from `bump --json`; nil for null or a missing value.
        init?(_ json: Any?) {
            guard let object = json as? [String: Any], let old = object["old"] as? String,
                let new = object["new"] as? String
            else { return nil }
            self.init(old: old, new: new)
        }
    }

    enum Outcome {
        case edited(marketing: Change?, build: Change?)
        case refused(reason: String)
    }

    /// The expectations by `<spec> <level>`. Throws on a line it cannot read, a repeated line, or an empty file.
    static func load(_ file: URL) throws -> [String: Outcome] {
        var outcomes: [String: Outcome] = [:]
        let lines = try String(contentsOf: file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let fields = line.split(separator: " ").map(String.init)
            guard let first = fields.first, !first.hasPrefix("#") else { continue }
            let place = "\(file.lastPathComponent):\(index + 1)"
            guard fields.count >= 4 else {
                throw TestFailure(
                    "\(place): expected '<spec> <level> edited <old>-><new> <old>-><new>' or "
                        + "'<spec> <level> refused <reason>'")
            }
            let key = "\(fields[0]) \(fields[1])"
            guard outcomes[key] == nil else { throw TestFailure("\(place): a second line for \(key)") }
            switch fields[2] {
            case "edited" where fields.count == 5:
                outcomes[key] = .edited(marketing: try change(fields[3], place), build: try change(fields[4], place))
            case "refused":
                outcomes[key] = .refused(reason: fields[3...].joined(separator: " "))
            default:
                throw TestFailure(
                    "\(place): '\(fields[2])' with \(fields.count - 3) values: expected edited with two "
                        + "changes or refused with a reason")
            }
        }
        guard !outcomes.isEmpty else { throw TestFailure("\(file.path) holds no expectations") }
        return outcomes
    }

    static func change(_ field: String, _ place: String) throws -> Change? {
        if field == "-" { return nil }
        let parts = field.components(separatedBy: "->")
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw TestFailure("\(place): '\(field)' is not <old>-><new> or -")
        }
        return Change(old: parts[0], new: parts[1])
    }
}

/// The byte-level rules for an edit: the same lines, and inside a changed line only version characters differ.
enum VersionOnlyLines {
    static let versionBytes = Set("0123456789.'\"".utf8)

    /// What is wrong with `after` as an edit of `before`, or nil when only version characters changed.
    static func problem(_ before: Data, _ after: Data) -> String? {
        let old = lines(before)
        let new = lines(after)
        guard old.count == new.count else { return "\(old.count) lines became \(new.count)" }
        for (number, (a, b)) in zip(old, new).enumerated() where a != b {
            let prefix = zip(a, b).prefix { $0 == $1 }.count
            let suffix = zip(a.dropFirst(prefix).reversed(), b.dropFirst(prefix).reversed()).prefix { $0 == $1 }.count
            let removed = a[prefix..<(a.count - suffix)]
            let added = b[prefix..<(b.count - suffix)]
            if !removed.allSatisfy(versionBytes.contains) || !added.allSatisfy(versionBytes.contains) {
                return "line \(number + 1) changed beyond its version: \(text(a)) became \(text(b))"
            }
        }
        return nil
    }

    /// Each line with its line break, as bytes, so a changed break or a trailing space counts.
    static func lines(_ data: Data) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var line: [UInt8] = []
        for byte in data {
            line.append(byte)
            if byte == UInt8(ascii: "\n") {
                lines.append(line)
                line = []
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Every `$(…)` and `${…}` in the file, in order.
    static func references(_ data: Data) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var found: [String] = []
        var rest = Substring(text)
        while let dollar = rest.firstIndex(of: "$") {
            let open = rest.index(after: dollar)
            guard open < rest.endIndex, rest[open] == "(" || rest[open] == "{",
                let close = rest[open...].firstIndex(of: rest[open] == "(" ? ")" : "}")
            else {
                rest = rest[open...]
                continue
            }
            found.append(String(rest[dollar...close]))
            rest = rest[rest.index(after: close)...]
        }
        return found
    }

    static func text(_ line: [UInt8]) -> String { String(decoding: line, as: UTF8.self).debugDescription }
}

/// A file `slipway bump` edited: the corpus original, the edited copy, and the changes it should hold.
struct CorpusBumpEdit {
    static let marketingKeys: Set = ["MARKETING_VERSION", "CFBundleShortVersionString"]
    static let buildKeys: Set = ["CURRENT_PROJECT_VERSION", "CFBundleVersion"]

    var label: String
    var before: URL
    var after: URL
    var marketing: CorpusBumpExpectation.Change?
    var build: CorpusBumpExpectation.Change?

    /// How PyYAML's reading of the edit differs from the original's beyond each version value going from its old
    /// value to its new one: a changed key, type or value, a version read back as something else (an unquoted
    /// 21.10 reads as the number 21.1), an old value left behind, or a file that no longer parses.
    func valueProblems(_ readings: [String: YAMLScalars.Reading]) -> [String] {
        guard let old = readings[before.path]?.values else {
            return ["PyYAML cannot read the original: \(readings[before.path]?.error ?? "not read")"]
        }
        guard let new = readings[after.path]?.values else {
            return ["PyYAML cannot read the edit: \(readings[after.path]?.error ?? "not read")"]
        }
        guard old.count == new.count else { return ["\(old.count) values became \(new.count)"] }
        var problems: [String] = []
        var bumped = 0
        for (a, b) in zip(old, new) {
            guard a.path == b.path else { return problems + ["\(a.place) became \(b.place)"] }
            let key = a.path.last ?? ""
            let change = Self.marketingKeys.contains(key) ? marketing : Self.buildKeys.contains(key) ? build : nil
            if let change, a.isScalar, a.text == change.old {
                if b.isScalar && b.text == change.new {
                    bumped += 1
                } else {
                    problems.append("\(a.place): \(a) became \(b), which is not \(change.new)")
                }
            } else if a != b {
                problems.append("\(a.place): \(a) became \(b)")
            }
        }
        if bumped == 0 { problems.append("the file changed, yet PyYAML reads no new version in it") }
        return problems
    }
}

/// PyYAML's reading of files: scripts/yaml-scalars.py, run by the python of scripts/python-tools.sh's venv.
enum YAMLScalars {
    static let python = JSONSchemaCheck.packageRoot.appendingPathComponent(".build/lint-venv/bin/python3")
    static let script = JSONSchemaCheck.packageRoot.appendingPathComponent("scripts/yaml-scalars.py")

    /// One value: where it is (document index, then keys and item indexes), PyYAML's type and its text.
    struct Value: Decodable, Equatable, CustomStringConvertible {
        var path: [String]
        var type: String
        var text: String

        var isScalar: Bool { ["str", "int", "float"].contains(type) }
        var place: String { path.dropFirst().joined(separator: ".") }
        var description: String { "\(type) \(text.debugDescription)" }

        init(from decoder: Decoder) throws {
            var fields = try decoder.unkeyedContainer()
            path = try fields.decode([String].self)
            type = try fields.decode(String.self)
            text = try fields.decode(String.self)
        }
    }

    struct Reading: Decodable {
        var values: [Value]?
        var error: String?
    }

    /// The reading of each file, by path. Throws when the venv's python is missing or prints no report.
    static func read(_ files: [URL]) throws -> [String: Reading] {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw TestFailure(
                "\(python.path) is not there: run scripts/python-tools.sh (make test runs it before swift test)")
        }
        let result = try runProcess(python.path, [script.path] + files.map(\.path))
        guard result.status == 0 else {
            throw TestFailure("yaml-scalars.py exited \(result.status): \(result.stderr)")
        }
        return try JSONDecoder().decode([String: Reading].self, from: Data(result.stdout.utf8))
    }
}
