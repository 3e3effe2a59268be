import Foundation
import SlipwayCore

/// Validates JSON against the subset of JSON Schema (2020-12) that Slipway's schemas use.
///
/// Keywords: `type` (one or a list), `enum`, `const`, `properties`, `required`, `additionalProperties` (boolean or
/// schema), `items`, `minItems`, `minLength`, `pattern`, `minimum`, `oneOf`, `$ref` to `#/$defs/…`, and `format:
/// date-time`. A schema using any other keyword is refused, so the subset can never be silently exceeded.
struct JSONSchemaValidator {
    let root: JSON

    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]
    static let keywords: Set<String> = [
        "type", "enum", "const", "properties", "required", "additionalProperties", "items", "minItems", "minLength",
        "pattern", "minimum", "oneOf", "$ref", "format",
    ]

    init(schema: JSON) {
        root = schema
    }

    init(contentsOf url: URL) throws {
        root = try JSONParser.parse(String(contentsOf: url, encoding: .utf8))
    }

    /// The problems found, one line each with its JSON pointer; empty when the instance is valid.
    func validate(_ instance: JSON) -> [String] {
        var problems: [String] = []
        check(instance, against: root, at: "", into: &problems)
        return problems
    }

    private func check(_ value: JSON, against schema: JSON, at pointer: String, into problems: inout [String]) {
        guard case .object(let rules) = schema else {
            if schema == .bool(false) { problems.append("\(pointer): not allowed") }
            return
        }
        for key in rules.keys where !JSONSchemaValidator.keywords.contains(key) && !JSONSchemaValidator.annotations.contains(key) {
            problems.append("\(pointer): the validator does not support the schema keyword '\(key)'")
        }
        let here = pointer.isEmpty ? "/" : pointer
        if let reference = rules["$ref"]?.stringValue {
            guard let target = resolve(reference) else {
                problems.append("\(here): unresolvable $ref \(reference)")
                return
            }
            check(value, against: target, at: pointer, into: &problems)
        }
        if let types = rules["type"] {
            let allowed = types.arrayValue?.compactMap(\.stringValue) ?? [types.stringValue ?? ""]
            if !allowed.contains(where: { JSONSchemaValidator.matches(value, type: $0) }) {
                problems.append("\(here): expected \(allowed.joined(separator: " or ")), found \(JSONSchemaValidator.typeName(value))")
                return
            }
        }
        if let options = rules["enum"]?.arrayValue, !options.contains(value) {
            problems.append("\(here): \(value.compact()) is not one of \(JSON.array(options).compact())")
        }
        if let constant = rules["const"], constant != value {
            problems.append("\(here): expected \(constant.compact()), found \(value.compact())")
        }
        if let branches = rules["oneOf"]?.arrayValue {
            var passing = 0
            var details: [String] = []
            for branch in branches {
                var branchProblems: [String] = []
                check(value, against: branch, at: pointer, into: &branchProblems)
                if branchProblems.isEmpty { passing += 1 } else { details += branchProblems }
            }
            if passing != 1 {
                problems.append("\(here): matches \(passing) of the oneOf schemas (exactly one expected): \(details.joined(separator: "; "))")
            }
        }
        switch value {
        case .string(let text):
            if let minimum = rules["minLength"]?.intValue, text.count < minimum {
                problems.append("\(here): shorter than \(minimum)")
            }
            if let pattern = rules["pattern"]?.stringValue, text.range(of: pattern, options: .regularExpression) == nil {
                problems.append("\(here): '\(text)' does not match \(pattern)")
            }
            if rules["format"]?.stringValue == "date-time", UTCTimestamp.date(text) == nil {
                problems.append("\(here): '\(text)' is not a UTC date-time")
            }
        case .int, .double:
            let number: Double
            if case .int(let integer) = value { number = Double(integer) } else if case .double(let double) = value { number = double } else { number = 0 }
            if let minimum = JSONSchemaValidator.number(rules["minimum"]), number < minimum {
                problems.append("\(here): \(number) is below the minimum \(minimum)")
            }
        case .array(let items):
            if let minimum = rules["minItems"]?.intValue, items.count < minimum {
                problems.append("\(here): fewer than \(minimum) items")
            }
            if let itemSchema = rules["items"] {
                for (index, item) in items.enumerated() {
                    check(item, against: itemSchema, at: "\(pointer)/\(index)", into: &problems)
                }
            }
        case .object(let members):
            for name in rules["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[name] == nil {
                problems.append("\(here): missing required property '\(name)'")
            }
            let properties = rules["properties"]?.objectValue ?? [:]
            for (name, member) in members.sorted(by: { $0.key < $1.key }) {
                if let propertySchema = properties[name] {
                    check(member, against: propertySchema, at: "\(pointer)/\(name)", into: &problems)
                } else if let additional = rules["additionalProperties"] {
                    if additional == .bool(false) {
                        problems.append("\(here): property '\(name)' is not in the schema")
                    } else if additional != .bool(true) {
                        check(member, against: additional, at: "\(pointer)/\(name)", into: &problems)
                    }
                }
            }
        default:
            break
        }
    }

    private func resolve(_ reference: String) -> JSON? {
        guard reference.hasPrefix("#/") else { return nil }
        var node: JSON? = root
        for part in reference.dropFirst(2).split(separator: "/") {
            node = node?[String(part)]
        }
        return node
    }

    private static func number(_ value: JSON?) -> Double? {
        switch value {
        case .int(let integer): return Double(integer)
        case .double(let double): return double
        default: return nil
        }
    }

    private static func matches(_ value: JSON, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object): return true
        case ("integer", .int): return true
        case ("integer", .double(let double)): return double == double.rounded()
        case ("number", .int), ("number", .double): return true
        default: return false
        }
    }

    private static func typeName(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .int: return "integer"
        case .double: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
