/// A file of Slipway's own `hooks/` or `ci/` folder, compiled into the binary.
///
/// Compiled in rather than shipped as a SwiftPM resource: `Bundle.module` must find a resource folder beside the
/// executable, which a `slipway` binary copied to `/usr/local/bin` does not have. `scripts/bundle-files.sh`
/// regenerates the contents; a test fails when they drift from the folders.
public struct BundledFile: Sendable, Equatable {
    /// The path in Slipway's repository (`hooks/post-commit`, `ci/github/slipway.yml`).
    public let path: String
    public let executable: Bool
    public let contents: String

    public var bytes: [UInt8] { Array(contents.utf8) }
    /// The permission bits an installed copy gets.
    public var mode: Int { executable ? 0o755 : 0o644 }
    /// The last path component.
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    public static func named(_ path: String) -> BundledFile? {
        all.first { $0.path == path }
    }

    /// The files under a folder of Slipway's repository (`ci/xcode-cloud/ci_scripts`).
    public static func under(_ folder: String) -> [BundledFile] {
        all.filter { $0.path.hasPrefix(folder + "/") }
    }
}
