import CSpawn

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's environment variables, read once.
///
/// `ProcessInfo.processInfo.environment` builds a new dictionary on every read, at about 14,000 instructions a
/// variable: as much as the rest of `slipway --version`. Slipway never changes its own environment, so one snapshot,
/// read straight from the C environment, serves every caller.
public enum ProcessEnvironment {
    public static let current: [String: String] = read()

    /// The C environment block. Darwin code outside the main executable (a test bundle) cannot refer to `environ`
    /// directly (environ(7)), so there it comes from `_NSGetEnviron()`, which CSpawn brings in from crt_externs.h.
    private static var environment: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        #if canImport(Darwin)
        return _NSGetEnviron().pointee!
        #else
        return environ
        #endif
    }

    static func read() -> [String: String] {
        var variables: [String: String] = [:]
        var entry = environment
        while let pointer = entry.pointee {
            let length = strlen(pointer)
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
            // As getenv(3) reads an entry: the name ends at the first '='; an entry without one names nothing.
            if let equals = bytes.firstIndex(of: UInt8(ascii: "=")) {
                let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<equals]), as: UTF8.self)
                // The first definition of a name is the one getenv(3) returns.
                if variables[name] == nil {
                    variables[name] = String(
                        decoding: UnsafeBufferPointer(rebasing: bytes[(equals + 1)...]), as: UTF8.self)
                }
            }
            entry += 1
        }
        return variables
    }
}
