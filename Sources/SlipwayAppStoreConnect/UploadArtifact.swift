import Foundation
import SlipwayCore

/// The file `testflight upload` sends and what it is: the platform, and the app's bundle id and versions, read
/// from the `.ipa`'s `Info.plist` (or given on the command line, as a `.pkg` needs).
public struct UploadArtifact: Sendable, Equatable {
    public enum Platform: String, Sendable, CaseIterable {
        case ios, macos, tvos, visionos

        /// altool's `-t` value.
        public var altoolType: String {
            switch self {
            case .ios: return "ios"
            case .macos: return "macos"
            case .tvos: return "appletvos"
            case .visionos: return "visionos"
            }
        }

        /// The platform of an archive's `DTPlatformName` (`iphoneos`, `appletvos`, `xros`, `macosx`): an `.ipa`
        /// for Apple TV or Vision Pro is not an iOS upload.
        public init?(sdk: String) {
            switch sdk.lowercased() {
            case "iphoneos": self = .ios
            case "appletvos": self = .tvos
            case "xros": self = .visionos
            case "macosx": self = .macos
            default: return nil
            }
        }

        /// The build-upload API's `platform`.
        public var apiValue: String {
            switch self {
            case .ios: return "IOS"
            case .macos: return "MAC_OS"
            case .tvos: return "TV_OS"
            case .visionos: return "VISION_OS"
            }
        }
    }

    public var path: String
    public var platform: Platform
    public var bundleID: String
    public var version: String
    public var buildNumber: String
    public var size: Int64

    public init(
        path: String, platform: Platform, bundleID: String, version: String, buildNumber: String, size: Int64
    ) {
        self.path = path
        self.platform = platform
        self.bundleID = bundleID
        self.version = version
        self.buildNumber = buildNumber
        self.size = size
    }

    /// The uniform type identifier the build-upload API asks for.
    public var uti: String { path.lowercased().hasSuffix(".pkg") ? "com.apple.pkg" : "com.apple.ipa" }

    /// What the caller knows; missing values are read from the archive.
    public struct Given: Sendable {
        public var platform: Platform?
        public var bundleID: String?
        public var version: String?
        public var buildNumber: String?

        public init(
            platform: Platform? = nil, bundleID: String? = nil, version: String? = nil, buildNumber: String? = nil
        ) {
            self.platform = platform
            self.bundleID = bundleID
            self.version = version
            self.buildNumber = buildNumber
        }
    }

    public static func inspect(_ path: String, given: Given, runner: any ProcessRunning, environment: [String: String])
        throws -> UploadArtifact
    {
        let lowered = path.lowercased()
        guard lowered.hasSuffix(".ipa") || lowered.hasSuffix(".pkg") else {
            throw ASCError.badArtifact(path: path, reason: "it is neither an .ipa nor a .pkg")
        }
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw ASCError.badArtifact(path: path, reason: String(cString: strerror(errno)))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG, status.st_size > 0 else {
            throw ASCError.badArtifact(path: path, reason: "it is not a non-empty file")
        }
        var info: [String: String] = [:]
        if lowered.hasSuffix(".ipa"),
            given.platform == nil || given.bundleID == nil || given.version == nil || given.buildNumber == nil
        {
            info = try InfoPlist.read(fromIPA: path, runner: runner, environment: environment)
        }
        func value(_ given: String?, _ key: String, _ option: String) throws -> String {
            if let value = given ?? info[key], !value.isEmpty { return value }
            throw ASCError.badArtifact(path: path, reason: "its \(key) is unknown: pass \(option)")
        }
        return UploadArtifact(
            path: path,
            platform: given.platform ?? info["DTPlatformName"].flatMap(Platform.init(sdk:))
                ?? (lowered.hasSuffix(".pkg") ? .macos : .ios),
            bundleID: try value(given.bundleID, "CFBundleIdentifier", "--bundle-id"),
            version: try value(given.version, "CFBundleShortVersionString", "--version"),
            buildNumber: try value(given.buildNumber, "CFBundleVersion", "--build-number"), size: Int64(status.st_size))
    }
}

/// The app's `Info.plist` inside an `.ipa` (a zip with `Payload/<App>.app/Info.plist`), read with `unzip -p`.
enum InfoPlist {
    static func read(fromIPA path: String, runner: any ProcessRunning, environment: [String: String]) throws
        -> [String: String]
    {
        let arguments = ["unzip", "-p", path, "Payload/*.app/Info.plist"]
        let output = OutputCollector()
        let outcome = try runner.run(
            ProcessRequest(arguments: arguments, environment: environment, timeout: 120), observer: output)
        guard outcome.termination == .exited(0), !output.bytes.isEmpty else {
            throw ASCError.badArtifact(path: path, reason: "it holds no Payload/<App>.app/Info.plist")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: Data(output.bytes), options: [], format: nil)
        } catch {
            throw ASCError.badArtifact(path: path, reason: "its Info.plist does not parse")
        }
        guard let dictionary = plist as? [String: Any] else {
            throw ASCError.badArtifact(path: path, reason: "its Info.plist is not a dictionary")
        }
        return dictionary.compactMapValues { $0 as? String }
    }
}
