import Foundation
import SlipwayCore

extension PlistFile {
    /// A top-level `<string>` value of an XML plist, with the byte range of its text: an edit replaces those bytes
    /// and nothing else.
    public struct StringValue: Sendable, Equatable {
        public var key: String
        public var text: String
        public var range: Range<Int>
        /// Where the text starts.
        public var location: SourceLocation
    }

    /// The file's bytes and the top-level string values of `keys` it holds; `nil` when the file is missing or
    /// outside the boundary. A binary plist, or one that does not parse, is an error: its values cannot be edited in
    /// place.
    public func strings(_ keys: [String]) throws(PlistError) -> (bytes: [UInt8], values: [StringValue])? {
        guard let data = files.read(url) else { return nil }
        let shown = files.display(url)
        let bytes = [UInt8](data)
        if bytes.starts(with: Array("bplist".utf8)) {
            throw PlistError(
                "\(shown) is a binary property list, which Slipway cannot edit byte for byte",
                location: SourceLocation(file: shown, line: 1, column: 1),
                hint: "convert it to XML once (plutil -convert xml1 \(shown)) and commit that")
        }
        let parsed: [String: Any]
        do {
            guard let dictionary = try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any]
            else {
                throw PlistError(
                    "\(shown) is not a dictionary at the top",
                    location: SourceLocation(file: shown, line: 1, column: 1),
                    hint: "an Info.plist holds one <dict>")
            }
            parsed = dictionary
        } catch let error as PlistError {
            throw error
        } catch {
            throw PlistError(
                "\(shown) is not a valid property list", location: SourceLocation(file: shown, line: 1, column: 1),
                hint: "check it with plutil -lint \(shown)")
        }
        var values: [StringValue] = []
        for key in keys {
            guard let wanted = parsed[key] as? String, let found = Self.stringRange(of: key, in: bytes),
                bytes[found].elementsEqual(wanted.utf8)
            else { continue }
            values.append(
                StringValue(
                    key: key, text: wanted, range: found,
                    location: SourceLocation(file: shown, offset: found.lowerBound, in: bytes)))
        }
        return (bytes, values)
    }

    /// The bytes between `<string>` and `</string>` right after `<key>key</key>` (spaces and line breaks between).
    static func stringRange(of key: String, in bytes: [UInt8]) -> Range<Int>? {
        let marker = Array("<key>\(key)</key>".utf8)
        let open = Array("<string>".utf8)
        let close = Array("</string>".utf8)
        var start = 0
        while start + marker.count <= bytes.count {
            defer { start += 1 }
            guard bytes[start..<start + marker.count].elementsEqual(marker) else { continue }
            var index = start + marker.count
            while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
            guard index + open.count <= bytes.count, bytes[index..<index + open.count].elementsEqual(open) else {
                continue
            }
            let textStart = index + open.count
            var end = textStart
            while end + close.count <= bytes.count, !bytes[end..<end + close.count].elementsEqual(close) { end += 1 }
            guard end + close.count <= bytes.count else { return nil }
            return textStart..<end
        }
        return nil
    }
}

/// A property list Slipway cannot read or edit, with how to fix it.
public struct PlistError: SlipwayError {
    public var message: String
    public var location: SourceLocation?
    public var hint: String?

    public init(_ message: String, location: SourceLocation?, hint: String?) {
        self.message = message
        self.location = location
        self.hint = hint
    }
}
