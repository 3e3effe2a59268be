import Foundation
import SlipwayCore
import SlipwayYAML

/// Reads typed values out of `.slipway.yml` nodes, turning every mistake into an error at `file:line:column`.
package struct ConfigReader {
    let file: YAMLFile
    /// Problems recorded so reading can go on: `.slipway.yml` reports every mistake at once.
    let problems = ConfigProblems()

    /// Runs `body`, recording its error instead of stopping, so the next key is still read.
    func collecting(_ body: () throws(YAMLError) -> Void) {
        do {
            try body()
        } catch {
            problems.list.append(error)
        }
    }

    /// The pairs of a mapping, refusing keys outside `allowed` (with a did-you-mean hint).
    /// With `readOn` (the file's top level) the known keys are returned even when others are misspelt, so every
    /// section is still read; the mistakes are recorded.
    func mapping(_ node: YAMLNode, keyPath: String, allowed: [String], readOn: Bool = false) throws(YAMLError)
        -> [(key: String, node: YAMLNode)]
    {
        guard node.kind == .mapping else {
            throw file.error(
                "'\(keyPath)' must be a mapping, found \(node.kindName)", at: node,
                hint: "write it as 'key: value' lines")
        }
        var seen = Set<String>()
        var result: [(key: String, node: YAMLNode)] = []
        var mistakes: [YAMLError] = []
        for pair in node.pairs {
            guard pair.key.kind == .scalar else {
                throw file.error("keys in '\(keyPath)' must be plain names", at: pair.key)
            }
            let key = pair.key.scalar
            guard allowed.contains(key) else {
                let place = keyPath.isEmpty ? "the configuration" : "'\(keyPath)'"
                var hint = "known keys here: \(allowed.joined(separator: ", "))"
                if let near = ConfigReader.nearest(key, in: allowed) { hint = "did you mean '\(near)'? " + hint }
                mistakes.append(file.error("unknown key '\(key)' in \(place)", at: pair.key, hint: hint))
                continue
            }
            guard seen.insert(key).inserted else {
                mistakes.append(file.error("'\(key)' is given twice", at: pair.key, hint: "keep one of them"))
                continue
            }
            result.append((key, pair.value))
        }
        // Every misspelt key of this mapping is reported; the mapping itself is not read further, as what it lacks
        // follows from the typo. Other sections still are.
        if readOn {
            problems.list += mistakes
        } else if let first = mistakes.first {
            problems.list += mistakes.dropFirst()
            throw first
        }
        return result
    }

    func string(_ node: YAMLNode, keyPath: String) throws(YAMLError) -> String {
        guard node.kind == .scalar, !node.isNull else {
            throw file.error("'\(keyPath)' must be a string, found \(node.kindName)", at: node)
        }
        return node.scalar
    }

    /// A list of strings; a single string is accepted as a list of one.
    func strings(_ node: YAMLNode, keyPath: String) throws(YAMLError) -> [String] {
        if node.kind == .scalar, !node.isNull { return [node.scalar] }
        guard node.kind == .sequence else {
            throw file.error(
                "'\(keyPath)' must be a list of strings, found \(node.kindName)", at: node,
                hint: "write it as [\"a\", \"b\"]")
        }
        var result: [String] = []
        for item in node.items {
            guard item.kind == .scalar, !item.isNull else {
                throw file.error("every entry of '\(keyPath)' must be a string, found \(item.kindName)", at: item)
            }
            result.append(item.scalar)
        }
        return result
    }

    func int(_ node: YAMLNode, keyPath: String, minimum: Int? = nil) throws(YAMLError) -> Int {
        guard let value = node.int else {
            throw file.error("'\(keyPath)' must be a whole number, found \(node.kindName) '\(node.scalar)'", at: node)
        }
        if let minimum, value < minimum {
            throw file.error("'\(keyPath)' must be at least \(minimum), found \(value)", at: node)
        }
        return value
    }

    func number(_ node: YAMLNode, keyPath: String) throws(YAMLError) -> Double {
        guard let value = node.number, value >= 0 else {
            throw file.error(
                "'\(keyPath)' must be a number of seconds, found \(node.kindName) '\(node.scalar)'", at: node)
        }
        return value
    }

    func bool(_ node: YAMLNode, keyPath: String) throws(YAMLError) -> Bool {
        guard let value = node.bool else {
            throw file.error("'\(keyPath)' must be true or false, found \(node.kindName) '\(node.scalar)'", at: node)
        }
        return value
    }

    func choice(_ node: YAMLNode, keyPath: String, from options: [String]) throws(YAMLError) -> String {
        let value = try string(node, keyPath: keyPath)
        guard options.contains(value) else {
            throw file.error(
                "'\(keyPath)' must be one of \(options.joined(separator: ", ")), found '\(value)'", at: node)
        }
        return value
    }

    /// A non-empty template whose `{placeholders}` are all among `placeholders`.
    func template(_ node: YAMLNode, keyPath: String, placeholders: [String]) throws(YAMLError) -> ReleaseTemplate {
        let text = try string(node, keyPath: keyPath)
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw file.error("'\(keyPath)' must not be empty", at: node)
        }
        let template = ReleaseTemplate(text)
        let known = placeholders.map { "{\($0)}" }.joined(separator: ", ")
        for name in template.placeholders where !placeholders.contains(name) {
            var hint = "'\(keyPath)' can use \(known)"
            if let near = ConfigReader.nearest(name, in: placeholders) { hint = "did you mean '{\(near)}'? " + hint }
            throw file.error("unknown placeholder '{\(name)}' in '\(keyPath)'", at: node, hint: hint)
        }
        return template
    }

    /// The closest known key, when it is close enough to be a typo.
    package static func nearest(_ key: String, in candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: editDistance(key.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.distance < $1.distance }), best.distance <= max(2, key.count / 3) else {
            return nil
        }
        return best.candidate
    }

    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}

/// The problems found while reading one `.slipway.yml`, in file order.
package final class ConfigProblems {
    var list: [YAMLError] = []

    /// One error for all of them: the problem itself when there is one, else a count and each problem in full.
    func combined(file: String) -> YAMLError? {
        let sorted = list.sorted {
            ($0.location?.line ?? 0, $0.location?.column ?? 0) < ($1.location?.line ?? 0, $1.location?.column ?? 0)
        }
        guard let first = sorted.first else { return nil }
        guard sorted.count > 1 else { return first }
        return YAMLError(
            "\(sorted.count) problems in \(file):\n" + sorted.map(\.rendered).joined(separator: "\n"))
    }
}
