import Foundation
import SlipwayYAML

/// What a bump is meant to do to each literal version, computed here independently of Slipway's own arithmetic.
enum VersionIntent: Equatable, Sendable {
    case none
    /// `patch`, `minor` or `major`: the marketing version bumped, the build number + 1.
    case level(String)
    /// Exact new values; `nil` leaves that kind unchanged.
    case set(marketing: String?, build: String?)

    func expected(marketing: Bool, old: String) -> String {
        if old.contains("$(") || old.contains("${") { return old }
        switch self {
        case .none: return old
        case .set(let newMarketing, let newBuild): return (marketing ? newMarketing : newBuild) ?? old
        case .level(let level):
            return marketing ? VersionIntent.bump(old, level) : VersionIntent.nextBuild(old)
        }
    }

    static func bump(_ version: String, _ level: String) -> String {
        var parts = version.split(separator: ".").map { Int($0) ?? -1 }
        let index = level == "major" ? 0 : level == "minor" ? 1 : 2
        while parts.count <= index { parts.append(0) }
        parts[index] += 1
        for later in (index + 1)..<parts.count { parts[later] = 0 }
        return parts.map(String.init).joined(separator: ".")
    }

    static func nextBuild(_ build: String) -> String {
        var parts = build.split(separator: ".").map(String.init)
        let last = parts[parts.count - 1]
        let next = String((Int(last) ?? -1) + 1)
        parts[parts.count - 1] = String(repeating: "0", count: max(0, last.count - next.count)) + next
        return parts.joined(separator: ".")
    }
}

/// Parses a file before and after an edit with Slipway's libyaml wrapper and walks both documents side by side:
/// same structure, keys, anchors, tags, scalars and quoting everywhere, except the values of version settings, which
/// must hold exactly what the intent says and read back as that text.
struct DocumentComparison {
    static let marketingKeys: Set<String> = ["MARKETING_VERSION", "CFBundleShortVersionString"]
    static let buildKeys: Set<String> = ["CURRENT_PROJECT_VERSION", "CFBundleVersion"]

    private(set) var problems: [String] = []
    private(set) var changedValues = 0
    private var versionNodes: [YAMLNode: Bool] = [:]
    private var visited = Set<YAMLNode>()
    let intent: VersionIntent

    init(path: String, before: [UInt8], after: [UInt8], intent: VersionIntent) throws {
        self.intent = intent
        let old = try YAMLFile(path: path, bytes: before)
        let new = try YAMLFile(path: path, bytes: after)
        guard old.documents.count == new.documents.count else {
            problems.append("document count changed")
            return
        }
        var seen = Set<YAMLNode>()
        for root in old.documents.compactMap({ $0 }) { collectVersionNodes(root, &seen) }
        for (a, b) in zip(old.documents, new.documents) {
            switch (a, b) {
            case (nil, nil): continue
            case (let a?, let b?): compare(a, b, path: "")
            default: problems.append("a document became empty or appeared")
            }
        }
    }

    /// Every scalar that is the value of a version key anywhere (an anchored one once, wherever its aliases are).
    private mutating func collectVersionNodes(_ node: YAMLNode, _ seen: inout Set<YAMLNode>) {
        guard node.kind != .scalar, seen.insert(node).inserted else { return }
        for pair in node.pairs {
            let key = pair.key.scalar
            if pair.value.kind == .scalar,
                DocumentComparison.marketingKeys.contains(key) || DocumentComparison.buildKeys.contains(key)
            {
                versionNodes[pair.value] = DocumentComparison.marketingKeys.contains(key)
            }
            collectVersionNodes(pair.value, &seen)
        }
        for item in node.items { collectVersionNodes(item, &seen) }
    }

    private mutating func compare(_ a: YAMLNode, _ b: YAMLNode, path: String) {
        guard a.kind == b.kind else { return problems.append("\(path): kind changed") }
        if a.anchor != b.anchor { problems.append("\(path): anchor changed") }
        if a.tag != b.tag { problems.append("\(path): tag changed") }
        switch a.kind {
        case .scalar:
            if let marketing = versionNodes[a] {
                guard visited.insert(a).inserted else { return }
                let want = intent.expected(marketing: marketing, old: a.scalar)
                if b.scalar != want { problems.append("\(path): \(a.scalar) became \(b.scalar), want \(want)") }
                if b.style == .plain, b.tag == nil, DocumentComparison.misreads(b.scalar) {
                    problems.append("\(path): \(b.scalar) is unquoted and would be read as a different number")
                }
                if a.scalar != b.scalar { changedValues += 1 }
            } else if a.scalar != b.scalar || a.style != b.style {
                problems.append("\(path): '\(a.scalar)' became '\(b.scalar)'")
            }
        case .mapping:
            guard visited.insert(a).inserted else { return }
            guard a.pairs.count == b.pairs.count, a.isFlow == b.isFlow else {
                return problems.append("\(path): mapping changed shape")
            }
            for (x, y) in zip(a.pairs, b.pairs) {
                if x.key.scalar != y.key.scalar || x.key.style != y.key.style {
                    problems.append("\(path): key '\(x.key.scalar)' changed")
                }
                compare(x.value, y.value, path: path + "." + x.key.scalar)
            }
        case .sequence:
            guard visited.insert(a).inserted else { return }
            guard a.items.count == b.items.count, a.isFlow == b.isFlow else {
                return problems.append("\(path): list changed shape")
            }
            for (index, (x, y)) in zip(a.items, b.items).enumerated() { compare(x, y, path: path + "[\(index)]") }
        }
    }

    /// An unquoted scalar that YAML reads as a number printing differently (`1.10` is 1.1, `007` is 7).
    static func misreads(_ text: String) -> Bool {
        if text.contains("_") { return Double(text.replacingOccurrences(of: "_", with: "")) != nil }
        if text.filter({ $0 == "." }).count == 1, let value = Double(text) { return value.description != text }
        if let first = text.first, first == "0", text.count > 1, text.allSatisfy(\.isNumber) { return true }
        return false
    }

    /// The same lines, and inside each changed line only digits, dots and quotes added or removed.
    static func lineProblems(before: [UInt8], after: [UInt8]) -> [String] {
        let a = before.split(separator: 0x0A, omittingEmptySubsequences: false)
        let b = after.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard a.count == b.count else { return ["line count changed from \(a.count) to \(b.count)"] }
        var problems: [String] = []
        for (number, (x, y)) in zip(a, b).enumerated() where x != y {
            let changed = changedCharacters(
                Array(String(decoding: x, as: UTF8.self)), Array(String(decoding: y, as: UTF8.self)))
            if !changed.allSatisfy({ "0123456789.'\"".contains($0) }) {
                problems.append("line \(number + 1) changed beyond the version: \(String(changed))")
            }
        }
        return problems
    }

    /// The characters outside a longest common subsequence of two lines.
    private static func changedCharacters(_ x: [Character], _ y: [Character]) -> [Character] {
        var table = Array(repeating: Array(repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in stride(from: x.count - 1, through: 0, by: -1) {
            for j in stride(from: y.count - 1, through: 0, by: -1) {
                table[i][j] = x[i] == y[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
            }
        }
        var changed: [Character] = []
        var i = 0
        var j = 0
        while i < x.count, j < y.count {
            if x[i] == y[j] {
                i += 1
                j += 1
            } else if table[i + 1][j] >= table[i][j + 1] {
                changed.append(x[i])
                i += 1
            } else {
                changed.append(y[j])
                j += 1
            }
        }
        return changed + x[i...] + y[j...]
    }
}
