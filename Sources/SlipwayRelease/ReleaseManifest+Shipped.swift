import Foundation
import SlipwayCore
import SlipwayCrypto
import SlipwayPipeline

extension ReleaseManifest {
    /// What one ship chain left: the archive, the exported file, each file handed on with its sha256, each
    /// notarization's id and status, and where the build went (`testflight`, a GitHub release's URL).
    public struct Shipped: Sendable, Equatable {
        public var app: String
        public var platform: String
        public var archive: String
        public var exported: String
        public var files: [Artifact]
        public var notarizations: [Notarization]
        /// `testflight` when the chain uploads to App Store Connect (after the push).
        public var upload: String?
        /// The GitHub release page for the tag, when the release makes one and the remote is on GitHub.
        public var releaseURL: String?

        public struct Notarization: Sendable, Equatable {
            public var file: String
            public var id: String?
            public var status: String?
        }

        var json: JSON {
            .object([
                "app": .string(app), "platform": .string(platform), "archive": .string(archive),
                "exported": .string(exported),
                "files": .array(
                    files.map {
                        .object(["path": .string($0.path), "size": .int(Int($0.size)), "sha256": .string($0.sha256)])
                    }),
                "notarizations": .array(
                    notarizations.map {
                        .object(["file": .string($0.file), "id": .string($0.id), "status": .string($0.status)])
                    }),
                "upload": .string(upload), "releaseURL": .string(releaseURL),
            ])
        }
    }

    /// The chains of `ship` whose export ran: each packaged file that exists hashed, each notarization result
    /// `slipway notarize --result` wrote read back.
    static func shipped(_ ship: ShipPlan, root: URL, tag: String?, remoteURL: String?) throws -> [Shipped] {
        let releaseURL = ship.config.github == nil ? nil : tag.flatMap { gitHubReleaseURL(remoteURL, tag: $0) }
        var result: [Shipped] = []
        for shipment in ship.shipments {
            guard
                FileManager.default.fileExists(atPath: root.appendingPathComponent(shipment.exported).path)
                    || FileManager.default.fileExists(atPath: root.appendingPathComponent(shipment.archive).path)
            else { continue }
            var files: [Artifact] = []
            for path in shipment.packages {
                let url = root.appendingPathComponent(path)
                guard BoundedFile.isInside(url.path, root: root.path), isRegular(url.path) else { continue }
                let digest = try SHA256Hasher.hashFile(at: url.path)
                files.append(Artifact(path: path, size: digest.size, sha256: digest.hex))
            }
            let notarizations = shipment.notarizations.sorted { $0.key < $1.key }.map { file, resultPath in
                let json = BoundedFile.readIfRegular(root.appendingPathComponent(resultPath).path, inside: root.path)
                    .flatMap { data in try? JSON.parse(Array(data)) }
                return Shipped.Notarization(
                    file: file, id: json?["id"]?.stringValue, status: json?["status"]?.stringValue)
            }
            result.append(
                Shipped(
                    app: shipment.app, platform: shipment.platform, archive: shipment.archive,
                    exported: shipment.exported, files: files, notarizations: notarizations, upload: shipment.upload,
                    releaseURL: releaseURL))
        }
        return result
    }

    static func isRegular(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    /// `https://github.com/<owner>/<repo>/releases/tag/<tag>` for a remote on github.com (https or ssh).
    static func gitHubReleaseURL(_ remote: String?, tag: String) -> String? {
        guard var path = remote else { return nil }
        for prefix in ["https://github.com/", "ssh://git@github.com/", "git@github.com:"] where path.hasPrefix(prefix) {
            path.removeFirst(prefix.count)
            if path.hasSuffix(".git") { path.removeLast(4) }
            let parts = path.split(separator: "/")
            guard parts.count == 2 else { return nil }
            let escaped = tag.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? tag
            return "https://github.com/\(parts[0])/\(parts[1])/releases/tag/\(escaped)"
        }
        return nil
    }
}
