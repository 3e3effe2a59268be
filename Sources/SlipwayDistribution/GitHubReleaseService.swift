import Foundation
import SlipwayCore
import SlipwayCrypto
import SlipwayHTTP

/// `slipway github-release`: the release for a pushed tag, through GitHub's REST API, with the packaged files as
/// its assets. A release that already exists for the tag is reused; an asset it already has is an error, checked
/// for every file before the first upload.
public struct GitHubReleaseService {
    public struct Request: Sendable {
        public var tag: String
        public var notesFile: String?
        public var assets: [String] = []
        public var draft = false
        public var prerelease = false

        public init(tag: String) {
            self.tag = tag
        }
    }

    /// A file to upload: its name on GitHub, size and digest.
    public struct Asset: Sendable, Equatable {
        public var path: String
        public var name: String
        public var size: Int64
        public var sha256: String
    }

    public struct Outcome: Sendable {
        public var url: String
        public var reused: Bool
        public var assets: [Asset]
    }

    public static let apiVersion = "2022-11-28"
    public static let defaultAPI = "https://api.github.com"

    let repository: GitHubRepository
    let apiBase: String
    let token: String
    let directory: URL
    let transport: any HTTPTransport

    /// `remoteURL`: the push remote's URL, used when `GITHUB_REPOSITORY` is not set.
    public init(
        environment: [String: String], remoteURL: String?, directory: URL, transport: (any HTTPTransport)? = nil
    ) throws(GitHubError) {
        guard let token = environment["GITHUB_TOKEN"], !token.isEmpty else { throw GitHubError.missingToken }
        let slug = environment["GITHUB_REPOSITORY"].flatMap { $0.isEmpty ? nil : $0 }
        let found: GitHubRepository?
        if let slug {
            found = GitHubRepository(slug)
        } else {
            found = remoteURL.flatMap { GitHubRepository(remoteURL: $0) }
        }
        guard let repository = found else { throw GitHubError.noRepository(slug: slug, hasRemote: remoteURL != nil) }
        self.repository = repository
        self.token = token
        var base = environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : $0 } ?? GitHubReleaseService.defaultAPI
        while base.hasSuffix("/") { base.removeLast() }
        apiBase = base
        self.directory = directory
        self.transport = transport ?? SystemTransport.make(environment: environment)
    }

    public func run(_ request: Request, console: Console) throws -> ExitStatus {
        let outcome = try publish(request)
        for asset in outcome.assets { console.out("\(asset.sha256)  \(asset.name)\n") }
        console.out("\(outcome.reused ? "updated" : "created") the release for \(request.tag): \(outcome.url)\n")
        return .success
    }

    public func publish(_ request: Request) throws -> Outcome {
        let assets = try request.assets.map(asset)
        var seen = Set<String>()
        for asset in assets where !seen.insert(asset.name).inserted {
            throw GitHubError.duplicateAsset(name: asset.name)
        }
        let notes = try request.notesFile.map { file throws(GitHubError) in
            let path = resolved(file)
            do {
                return try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                throw GitHubError.unreadableAsset(path: file, reason: FileSystem.reason(error))
            }
        }
        let releases = "/repos/\(repository.owner)/\(repository.name)/releases"
        var release: JSON
        var reused = true
        var existing = try send("GET", releases + "/tags/" + GitHubReleaseService.escaped(request.tag), accept: [404])
        if existing.status == 404, request.draft {
            // A draft has no tag yet, so the lookup by tag misses it: a second run finds it among the latest.
            let list = try send("GET", releases + "?per_page=100")
            if case .array(let items) = list.json,
                let draft = items.first(where: { $0["tag_name"]?.stringValue == request.tag })
            {
                existing = (200, draft)
            }
        }
        if existing.status == 404, !request.draft {
            // GitHub creates a tag it does not have at the default branch's head: a tag not yet pushed would be
            // published on the wrong commit. A draft may wait for its tag.
            let ref =
                "/repos/\(repository.owner)/\(repository.name)/git/ref/tags/"
                + request.tag.split(separator: "/", omittingEmptySubsequences: false)
                .map { GitHubReleaseService.escaped(String($0)) }.joined(separator: "/")
            if try send("GET", ref, accept: [404]).status == 404 {
                throw GitHubError.tagNotPushed(tag: request.tag, repository: repository.description)
            }
        }
        if existing.status == 404 {
            var fields: [String: JSON] = [
                "tag_name": .string(request.tag), "name": .string(request.tag), "draft": .bool(request.draft),
                "prerelease": .bool(request.prerelease),
            ]
            if let notes { fields["body"] = .string(notes) }
            release = try send("POST", releases, json: .object(fields)).json
            reused = false
        } else {
            release = existing.json
        }
        var present = Set<String>()
        if case .array(let items) = release["assets"] ?? .null {
            for item in items { if let name = item["name"]?.stringValue { present.insert(name) } }
        }
        if let clash = assets.first(where: { present.contains($0.name) }) {
            throw GitHubError.assetExists(name: clash.name, tag: request.tag)
        }
        guard let uploadTemplate = release["upload_url"]?.stringValue, let url = release["html_url"]?.stringValue
        else {
            throw GitHubError.invalidResponse(request: "POST \(releases)", reason: "no upload_url or html_url")
        }
        // `upload_url` is a URI template (`…/assets{?name,label}`); the name goes in the query.
        let upload = String(uploadTemplate.prefix { $0 != "{" })
        for asset in assets {
            guard let target = URL(string: upload + "?name=" + GitHubReleaseService.escaped(asset.name)) else {
                throw GitHubError.invalidResponse(request: "POST \(releases)", reason: "upload_url is not a URL")
            }
            let headers = [
                "Content-Type": GitHubReleaseService.contentType(of: asset.name), "Content-Length": String(asset.size),
            ]
            var upload = HTTPRequest(method: "POST", url: target, headers: headers, bodyFile: asset.path)
            upload.minimumTimeout = GitHubReleaseService.uploadTimeout(bytes: asset.size)
            _ = try exchange(upload)
        }
        return Outcome(url: url, reused: reused, assets: assets)
    }

    /// Seconds an upload may take: a minute, and a second for every 256 KiB, so a slow link still carries a large
    /// DMG while a stalled one ends.
    public static func uploadTimeout(bytes: Int64) -> Double {
        60 + Double(bytes) / 262_144
    }

    /// `Content-Type` by extension; GitHub serves the asset with it.
    public static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "zip": return "application/zip"
        case "dmg": return "application/x-apple-diskimage"
        case "gz", "tgz": return "application/gzip"
        case "json": return "application/json"
        case "txt": return "text/plain"
        default: return "application/octet-stream"
        }
    }

    /// A path segment or query value with everything but RFC 3986's unreserved characters percent-encoded.
    /// `CharacterSet.alphanumerics` would let `ö` through unencoded, which `URL(string:)` refuses on older macOS.
    public static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private func resolved(_ path: String) -> String {
        path.hasPrefix("/") ? path : directory.appendingPathComponent(path).path
    }

    private func asset(_ path: String) throws -> Asset {
        let full = resolved(path)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
            throw GitHubError.unreadableAsset(
                path: path, reason: isFolder.boolValue ? "it is a folder" : "no such file")
        }
        let digest: (hex: String, size: Int64)
        do {
            digest = try SHA256Hasher.hashFile(at: full)
        } catch {
            throw GitHubError.unreadableAsset(path: path, reason: error.message)
        }
        return Asset(path: full, name: (path as NSString).lastPathComponent, size: digest.size, sha256: digest.hex)
    }

    private func send(_ method: String, _ path: String, json: JSON? = nil, accept: Set<Int> = []) throws -> (
        status: Int, json: JSON
    ) {
        guard let url = URL(string: apiBase + path) else {
            throw GitHubError.invalidResponse(request: "\(method) \(path)", reason: "GITHUB_API_URL is not a URL")
        }
        var headers: [String: String] = [:]
        if json != nil { headers["Content-Type"] = "application/json" }
        let request = HTTPRequest(
            method: method, url: url, headers: headers, body: json.map { Data($0.compact().utf8) })
        let response = try exchange(request, accept: accept)
        if accept.contains(response.status) { return (response.status, .null) }
        do {
            return (response.status, try JSON.parse(response.body))
        } catch {
            throw GitHubError.invalidResponse(request: request.summary, reason: "the body is not JSON (\(error))")
        }
    }

    /// Sends with the token and GitHub's headers; a status outside 2xx and `accept` is an error quoting GitHub's
    /// `message`.
    private func exchange(_ request: HTTPRequest, accept: Set<Int> = []) throws -> HTTPResponse {
        var signed = request
        signed.headers["Authorization"] = "Bearer \(token)"
        signed.headers["Accept"] = "application/vnd.github+json"
        signed.headers["X-GitHub-Api-Version"] = GitHubReleaseService.apiVersion
        signed.headers["User-Agent"] = "\(Slipway.name)/\(Slipway.version)"
        let response = try transport.send(signed)
        guard (200...299).contains(response.status) || accept.contains(response.status) else {
            let parsed = try? JSON.parse(response.body)
            var detail = parsed?["message"]?.stringValue ?? "no message"
            if case .array(let errors) = parsed?["errors"] ?? .null {
                let codes = errors.compactMap { error in
                    [error["field"]?.stringValue, error["code"]?.stringValue].compactMap { $0 }.joined(separator: " ")
                }.filter { !$0.isEmpty }
                if !codes.isEmpty { detail += " (\(codes.joined(separator: "; ")))" }
            }
            throw GitHubError.api(status: response.status, request: request.summary, detail: detail)
        }
        return response
    }
}
