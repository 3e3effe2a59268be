import Foundation

extension URL {
    /// The path of a file URL as `path` gives it (percent escapes decoded, no trailing slash but the root's), worked
    /// out without Foundation's own decoding. The first `path`, `pathExtension` or `standardizedFileURL` of a process
    /// instantiates a generic set type by its name, and the conformance lookup that takes scans every conformance
    /// record in the static executable: 0.4 M instructions, a tenth of what `slipway bump` does past start-up.
    /// `URLFilePathTests` holds this to `path` for URLs made from file paths (`URL(fileURLWithPath:)` and what is
    /// derived from it), the only ones Slipway makes: an escaped `/` (`%2F`) or an escape that is not UTF-8 in a
    /// `URL(string:)` would decode here where `path` keeps or drops it.
    package var filePath: String {
        // Older Apple systems lack `path(percentEncoded:)`; they pay for `path` as it is.
        guard #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) else { return path }
        let encoded = path(percentEncoded: true)
        var bytes = Array(encoded.utf8)
        let trailing = bytes.count > 1 && bytes[bytes.count - 1] == UInt8(ascii: "/")
        guard trailing || bytes.contains(UInt8(ascii: "%")) else { return encoded }
        while bytes.count > 1, bytes[bytes.count - 1] == UInt8(ascii: "/") { bytes.removeLast() }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = Self.hexValue(bytes[index + 1]), let low = Self.hexValue(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The file name's extension as `pathExtension` gives it: none for a name whose last dot has only dots before
    /// it (`.json`, `..json`), nor for an extension holding a space.
    package var filePathExtension: String {
        // The last name: `filePath` has no trailing slash, so it follows the last one.
        let path = filePath
        let name = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? path[...]
        guard let dot = name.lastIndex(of: "."), name[..<dot].contains(where: { $0 != "." }) else { return "" }
        let found = name[name.index(after: dot)...]
        return found.contains(" ") ? "" : String(found)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }
}
