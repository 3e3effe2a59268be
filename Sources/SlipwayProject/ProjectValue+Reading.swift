import SlipwayCore
import SlipwaySpec
import SlipwayYAML

/// Reading one spec file into a `ProjectValue`, as XcodeGen's loader does: merge keys (`<<`) followed, aliases
/// resolved, and `${VAR}` expanded from the environment in keys and strings.
struct ProjectValueReader {
    let file: YAMLFile
    let environment: [String: String]
    /// Nodes made so far; aliases can make a small file stand for a huge tree, so the reading stops at a budget.
    private var made = 0
    private let budget: Int
    private let expansion: YAMLExpansion

    init(file: YAMLFile, environment: [String: String], budget: Int = YAMLExpansion.defaultBudget) {
        self.file = file
        self.environment = environment
        self.budget = budget
        expansion = YAMLExpansion(file: file, budget: budget, subject: "the spec")
    }

    /// The file's first document, or an empty mapping for an empty file.
    mutating func read() throws(SpecError) -> ProjectValue {
        guard let root = file.root else {
            return ProjectValue(.mapping([]), at: SourceLocation(file: file.path, line: 1, column: 1))
        }
        do {
            return try value(root, via: nil)
        } catch {
            throw SpecError(error)
        }
    }

    private mutating func value(_ node: YAMLNode, via: YAMLMark?) throws(YAMLError) -> ProjectValue {
        // Like `YAMLExpansion`: what is reached through an alias or a merge key counts (mapping entries are counted
        // by the expansion itself), so a file written to expand stops at the alias that would repeat it.
        if let via, node.kind != .mapping {
            made += 1
            if made > budget {
                throw file.error(
                    "the spec expands too far: following its aliases and merge keys (<<) visits more than "
                        + "\(Self.grouped(budget)) nodes", at: via,
                    hint: "use fewer nested merge keys and aliases: refer to a shared mapping or list directly, not "
                        + "through aliases and merges that repeat it at every level")
            }
        }
        let location = file.location(node.kind == .scalar ? node.valueStart : node.start)
        switch node.kind {
        case .scalar:
            let isQuoted = node.style != .plain
            return ProjectValue(
                .scalar(
                    .init(
                        text: expand(node.scalar), isNull: node.isNull, bool: isQuoted ? nil : node.bool,
                        isQuoted: isQuoted)), at: location)
        case .sequence:
            var items: [ProjectValue] = []
            // The cursor knows which items are written as aliases (and counts them).
            for item in try expansion.cursor(at: node).items() {
                items.append(try value(item.node, via: item.via ?? via))
            }
            return ProjectValue(.sequence(items), at: location)
        case .mapping:
            var entries: [ProjectValue.Entry] = []
            for entry in try expansion.entries(of: node, via: via) {
                // The key as written here; a merged key has no place of its own in this mapping.
                let keyLocation = entry.keyNode.map { file.location($0.start) } ?? location
                entries.append(
                    .init(
                        key: expand(entry.key), keyLocation: keyLocation,
                        value: try value(entry.value, via: entry.via)))
            }
            return ProjectValue(.mapping(entries), at: location)
        }
    }

    /// `1000000` as `1,000,000`.
    static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var groups: [String] = []
        while digits.count > 3 {
            groups.insert(String(digits.suffix(3)), at: 0)
            digits.removeLast(3)
        }
        return ([digits] + groups).joined(separator: ",")
    }

    private func expand(_ text: String) -> String {
        SpecInclude.expand(text, environment)
    }
}
