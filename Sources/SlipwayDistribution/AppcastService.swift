import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayCrypto

/// `slipway appcast add`: signs an archive with the Sparkle key from the environment and adds its `<item>` to the
/// feed, creating the feed when there is none. The feed is replaced atomically, and only the item is new in it.
public struct AppcastService {
    public struct Request: Sendable {
        /// The feed and the archive, as given (relative to `directory`).
        public var feed: String
        public var file: String
        public var version: String
        public var build: String
        public var url: String
        public var channel: String?
        public var minimumSystemVersion: String?
        public var notesFile: String?
        public var keyVariable = SparkleConfig.defaultPrivateKeyVariable
        /// The channel title of a feed created anew.
        public var title: String?
        public var date = Date()

        public init(feed: String, file: String, version: String, build: String, url: String) {
            self.feed = feed
            self.file = file
            self.version = version
            self.build = build
            self.url = url
        }
    }

    /// What was added, for the report.
    public struct Added: Sendable {
        public var item: AppcastItem
        public var created: Bool
        public var publicKey: String
    }

    let directory: URL
    let environment: [String: String]

    public init(directory: URL, environment: [String: String]) {
        self.directory = directory
        self.environment = environment
    }

    public func add(_ request: Request, console: Console) throws -> ExitStatus {
        let added = try add(request)
        let verb = added.created ? "created \(request.feed) with" : "added to \(request.feed):"
        console.out(
            "\(verb) \(added.item.version) (\(added.item.build)), \(added.item.length) bytes at \(added.item.url)\n"
                + "signed with the Ed25519 key whose public key (SUPublicEDKey) is \(added.publicKey)\n")
        return .success
    }

    public func add(_ request: Request) throws -> Added {
        let feedPath = path(request.feed)
        let existing = try read(feedPath, shownAs: request.feed, missingIsNil: true)
        let appcast = try Appcast(
            bytes: existing ?? Appcast.empty(title: request.title ?? "Updates"), display: request.feed)
        // The duplicate is refused before the key is read or the archive signed.
        if appcast.builds.contains(request.build) {
            throw AppcastError.duplicateBuild(file: request.feed, build: request.build)
        }
        let key = try SparkleKey.load(variable: request.keyVariable, environment: environment)
        let archive = try read(path(request.file), shownAs: request.file, missingIsNil: false) ?? []
        var item = AppcastItem(
            version: request.version, build: request.build, publicationDate: request.date, url: request.url,
            length: Int64(archive.count), signature: Data(try key.sign(archive)).base64EncodedString())
        item.channel = request.channel
        item.minimumSystemVersion = request.minimumSystemVersion
        if let notesFile = request.notesFile {
            let bytes = try read(path(notesFile), shownAs: notesFile, missingIsNil: false) ?? []
            var notes = String(decoding: bytes, as: UTF8.self)
            while notes.last?.isWhitespace == true { notes.removeLast() }
            item.notes = notes
            item.notesFormat = AppcastItem.NotesFormat.of(path: notesFile)
        }
        let bytes = try appcast.adding(item)
        if existing == nil {
            let folder = (feedPath as NSString).deletingLastPathComponent
            try FileSystem.createFolder(folder, shownAs: (request.feed as NSString).deletingLastPathComponent)
        }
        try AtomicFileWriter.replace(feedPath, with: bytes)
        return Added(
            item: item, created: existing == nil, publicKey: Data(key.publicKey).base64EncodedString())
    }

    private func path(_ given: String) -> String {
        given.hasPrefix("/") ? given : directory.appendingPathComponent(given).path
    }

    private func read(_ path: String, shownAs name: String, missingIsNil: Bool) throws(AppcastError) -> [UInt8]? {
        guard FileManager.default.fileExists(atPath: path) else {
            if missingIsNil { return nil }
            throw AppcastError.unreadable(path: name, reason: "no such file")
        }
        do {
            return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped))
        } catch {
            throw AppcastError.unreadable(path: name, reason: FileSystem.reason(error))
        }
    }
}

/// The Sparkle private key, read from the environment variable that holds it.
public enum SparkleKey {
    public static func load(variable: String, environment: [String: String]) throws -> Ed25519PrivateKey {
        guard let text = environment[variable], !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw AppcastError.missingKey(variable: variable)
        }
        return try Ed25519PrivateKey(sparkleBase64: text, source: variable)
    }
}
