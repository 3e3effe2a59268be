import Foundation
import SlipwayYAML

/// One entry of a spec's `include:`, read the way XcodeGen reads it.
///
/// - a string, or a lone `{path: …}` mapping: the path as written;
/// - a `{path: …}` mapping inside a list: a glob pattern joined to the including file's base path, one include per
///   match (XcodeGen's own quirk: so these resolve against the base path rather than the including file's folder);
/// - `relativePaths` and `enable` take a boolean or a string (`"false"`, `${FLAG}`), as XcodeGen's `boolValue` does;
/// - `${VAR}` is expanded from the environment first, as XcodeGen expands the whole spec.
package struct SpecInclude {
    var path: String
    var relativePaths = true
    var enable = true
    /// The node that names the path, for messages.
    var node: YAMLNode
    /// Whether the path was a glob pattern (one that may match nothing).
    var isPattern = false

    /// The entries of an `include:` value; glob patterns are expanded against `source`.
    static func entries(
        _ value: YAMLNode?, basePath: String, environment: [String: String], source: some SpecFileSource
    ) -> [SpecInclude] {
        guard let value, !value.isNull else { return [] }
        if value.kind == .sequence {
            return value.items.flatMap { item -> [SpecInclude] in
                if item.kind == .scalar {
                    return item.isNull ? [] : [SpecInclude(path: expand(item.scalar, environment), node: item)]
                }
                guard let single = fromMapping(item, environment: environment) else { return [] }
                let pattern = SpecPath.normalize(SpecPath.join(basePath, single.path))
                guard SpecGlob.isPattern(pattern) else {
                    return [
                        SpecInclude(
                            path: pattern, relativePaths: single.relativePaths, enable: single.enable, node: single.node
                        )
                    ]
                }
                return SpecGlob.expand(pattern, in: source).map {
                    SpecInclude(
                        path: $0, relativePaths: single.relativePaths, enable: single.enable, node: single.node,
                        isPattern: true)
                }
            }
        }
        if value.kind == .scalar { return [SpecInclude(path: expand(value.scalar, environment), node: value)] }
        return fromMapping(value, environment: environment).map { [$0] } ?? []
    }

    private static func fromMapping(_ node: YAMLNode, environment: [String: String]) -> SpecInclude? {
        guard node.kind == .mapping, let path = node["path"], path.kind == .scalar, !path.isNull else { return nil }
        var include = SpecInclude(path: expand(path.scalar, environment), node: path)
        if let flag = node["relativePaths"] { include.relativePaths = boolean(flag, environment) ?? true }
        if let flag = node["enable"] { include.enable = boolean(flag, environment) ?? true }
        return include
    }

    /// A YAML boolean, or a string judged like Foundation's `boolValue` (Y, y, T, t or a digit 1-9 after optional
    /// spaces, sign and zeros).
    static func boolean(_ node: YAMLNode, _ environment: [String: String]) -> Bool? {
        guard node.kind == .scalar, !node.isNull else { return nil }
        if let value = node.bool { return value }
        var scalars = expand(node.scalar, environment).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" {
            scalars = scalars.dropFirst()
        }
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        while scalars.first == "0" { scalars = scalars.dropFirst() }
        guard let first = scalars.first else { return false }
        return "YyTt123456789".unicodeScalars.contains(first)
    }

    /// XcodeGen's `${NAME}` expansion: known names are replaced, unknown ones (and `${}`) are left as written.
    package static func expand(_ text: String, _ environment: [String: String]) -> String {
        // A byte scan first: most paths have no `$`, and Foundation's substring search costs more than the walk.
        guard text.utf8.contains(UInt8(ascii: "$")), text.contains("${") else { return text }
        var result = ""
        var rest = Substring(text)
        while let start = rest.range(of: "${") {
            result += rest[..<start.lowerBound]
            let afterOpen = rest[start.upperBound...]
            guard let close = afterOpen.firstIndex(of: "}") else { break }
            let name = String(afterOpen[..<close])
            if !name.isEmpty, let value = environment[name] {
                result += value
            } else {
                result += rest[start.lowerBound...close]
            }
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return result + rest
    }
}
