import SlipwayCore

/// What tests read out of a `JSON` value beyond SlipwayCore's own accessors (`[name]`, `stringValue`, `intValue`).
extension JSON {
    subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    var arrayValue: [JSON]? {
        if case .array(let items) = self { return items }
        return nil
    }

    var objectValue: [String: JSON]? {
        if case .object(let members) = self { return members }
        return nil
    }

    var isNull: Bool { self == .null }
}
