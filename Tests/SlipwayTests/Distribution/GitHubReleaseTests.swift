import Foundation
import SlipwayCore
import SlipwayCrypto
import SlipwayDistribution
import SlipwayHTTP
import Testing

@Suite("GitHub release: the repository's name")
struct GitHubRepositoryTests {
    @Test(
        "owner/name from a remote URL in git's forms",
        arguments: [
            ("https://github.com/acme/holder.git", "acme/holder"),
            ("https://x-access-token:secret@github.com/acme/holder", "acme/holder"),
            ("git@github.com:acme/holder.git", "acme/holder"),
            ("ssh://git@github.example.com:2222/acme/holder.git/", "acme/holder"),
        ])
    func remoteForms(url: String, slug: String) {
        #expect(GitHubRepository(remoteURL: url)?.description == slug)
    }

    @Test("a tag or asset name is percent-encoded as ASCII, non-ASCII letters included")
    func escaping() {
        #expect(GitHubReleaseService.escaped("Hölder 1.0+b.dmg") == "H%C3%B6lder%201.0%2Bb.dmg")
        #expect(GitHubReleaseService.escaped("release/v1.2.0") == "release%2Fv1.2.0")
        #expect(GitHubReleaseService.escaped("App-1.2_3~x.zip") == "App-1.2_3~x.zip")
    }

    @Test("a URL or slug without owner/name gives none")
    func notRepositories() {
        #expect(GitHubRepository(remoteURL: "/srv/git/holder.git") == nil)
        #expect(GitHubRepository(remoteURL: "https://github.com/holder") == nil)
        #expect(GitHubRepository("acme") == nil)
        #expect(GitHubRepository("acme/holder/extra") == nil)
        #expect(GitHubRepository("acme/..") == nil)
    }
}

/// `slipway github-release` against a local server that answers as GitHub's REST API documents and checks every
/// request: method, path, headers, body.
@Suite("slipway github-release")
struct GitHubReleaseCommandTests {
    static let token = "ghs_TestTokenThatMustNeverBePrinted"
    let folder = TemporaryDirectory("slipway-ghrelease")
    let home = TemporaryDirectory("slipway-home")

    func environment(_ server: LocalHTTPServer, repository: String? = "acme/holder") -> [String: String] {
        var extra = ["GITHUB_TOKEN": Self.token, "GITHUB_API_URL": server.baseURL]
        if let repository { extra["GITHUB_REPOSITORY"] = repository }
        return isolatedEnvironment(home: home.url, extra: extra)
    }

    func file(_ name: String, size: Int) throws -> [UInt8] {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ 1) }
        try Data(bytes).write(to: folder.url.appendingPathComponent(name))
        return bytes
    }

    /// A GitHub that has no release for the tag yet, or (`existing`) one with these asset names.
    static func server(existing: [String]? = nil, draft: [String]? = nil, tagPushed: Bool = true) throws
        -> LocalHTTPServer
    {
        final class Base: @unchecked Sendable { var url = "" }
        let base = Base()
        let server = try LocalHTTPServer { request in
            func release(_ assets: [String]) -> LocalHTTPServer.Response {
                let list = assets.map { "{\"name\":\"\($0)\",\"id\":9}" }.joined(separator: ",")
                return .json(
                    request.method == "POST" ? 201 : 200,
                    """
                    {"id":1,"tag_name":"v1.2.0","html_url":"https://github.com/acme/holder/releases/tag/v1.2.0",
                     "upload_url":"\(base.url)/uploads/repos/acme/holder/releases/1/assets{?name,label}",
                     "assets":[\(list)]}
                    """)
            }
            switch (request.method, request.path) {
            case ("GET", "/repos/acme/holder/releases/tags/v1.2.0"):
                guard let existing else { return .json(404, #"{"message":"Not Found"}"#) }
                return release(existing)
            case ("GET", "/repos/acme/holder/git/ref/tags/v1.2.0"):
                guard tagPushed else { return .json(404, #"{"message":"Not Found"}"#) }
                return .json(200, #"{"ref":"refs/tags/v1.2.0","object":{"sha":"aa","type":"tag"}}"#)
            case ("POST", "/repos/acme/holder/releases"):
                return release([])
            case ("GET", "/repos/acme/holder/releases"):
                guard request.query["per_page"] == "100" else { return .json(400, #"{"message":"per_page"}"#) }
                let other = #"{"id":7,"tag_name":"v1.1.0","draft":false}"#
                guard let draft else { return .json(200, "[\(other)]") }
                let list = draft.map { "{\"name\":\"\($0)\",\"id\":9}" }.joined(separator: ",")
                return .json(
                    200,
                    """
                    [{"id":1,"tag_name":"v1.2.0","draft":true,"html_url":"https://github.com/acme/holder/releases/tag/v1.2.0",
                      "upload_url":"\(base.url)/uploads/repos/acme/holder/releases/1/assets{?name,label}",
                      "assets":[\(list)]}, \(other)]
                    """)
            case ("POST", "/uploads/repos/acme/holder/releases/1/assets"):
                return .json(201, #"{"id":5,"state":"uploaded"}"#)
            default:
                return .json(404, #"{"message":"Not Found"}"#)
            }
        }
        base.url = server.baseURL
        return server
    }

    func run(_ arguments: [String], _ environment: [String: String], in directory: URL? = nil) throws -> ProcessResult {
        try SlipwayBinary.run(["github-release"] + arguments, in: directory ?? folder.url, environment: environment)
    }

    @Test("creates the release with the notes and uploads each file with its type, length and bytes")
    func createsAndUploads() throws {
        let server = try Self.server()
        defer { server.stop() }
        let zip = try file("Holder-1.2.0.zip", size: 5000)
        let dmg = try file("Holder 1.2.0.dmg", size: 3000)
        try "## Fixes\n- \"quoted\" notes\n".write(
            to: folder.url.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let result = try run(
            [
                "--tag", "v1.2.0", "--notes-file", "notes.md", "--asset", "Holder-1.2.0.zip", "--asset",
                "Holder 1.2.0.dmg", "--prerelease",
            ], environment(server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains(Self.token))
        let zipDigest = try SHA256Hasher.hexDigest(of: zip)
        let dmgDigest = try SHA256Hasher.hexDigest(of: dmg)
        #expect(result.stdout.contains("\(zipDigest)  Holder-1.2.0.zip\n"))
        #expect(result.stdout.contains("\(dmgDigest)  Holder 1.2.0.dmg\n"))
        #expect(
            result.stdout.contains("created the release for v1.2.0: https://github.com/acme/holder/releases/tag/v1.2.0")
        )

        let requests = server.requests
        #expect(
            requests.map { "\($0.method) \($0.path)" } == [
                "GET /repos/acme/holder/releases/tags/v1.2.0", "GET /repos/acme/holder/git/ref/tags/v1.2.0",
                "POST /repos/acme/holder/releases", "POST /uploads/repos/acme/holder/releases/1/assets",
                "POST /uploads/repos/acme/holder/releases/1/assets",
            ])
        for request in requests {
            #expect(request.header("Authorization") == "Bearer \(Self.token)")
            #expect(request.header("Accept") == "application/vnd.github+json")
            #expect(request.header("X-GitHub-Api-Version") == "2022-11-28")
            #expect(request.header("User-Agent")?.hasPrefix("slipway/") == true)
        }
        let create = requests[2]
        #expect(create.header("Content-Type") == "application/json")
        let body = try #require(try JSONSerialization.jsonObject(with: create.body) as? [String: Any])
        #expect(body["tag_name"] as? String == "v1.2.0")
        #expect(body["name"] as? String == "v1.2.0")
        #expect(body["body"] as? String == "## Fixes\n- \"quoted\" notes\n")
        #expect(body["draft"] as? Bool == false)
        #expect(body["prerelease"] as? Bool == true)

        let uploads = Array(requests.suffix(2))
        #expect(uploads.map { $0.query["name"] ?? "" } == ["Holder-1.2.0.zip", "Holder 1.2.0.dmg"])
        #expect(
            uploads.map { $0.header("Content-Type") ?? "" } == ["application/zip", "application/x-apple-diskimage"])
        #expect(uploads.map { $0.header("Content-Length") ?? "" } == ["5000", "3000"])
        #expect([UInt8](uploads[0].body) == zip)
        #expect([UInt8](uploads[1].body) == dmg)
    }

    @Test("an existing release is reused; an asset it already has is refused before anything is uploaded")
    func reusesExisting() throws {
        let server = try Self.server(existing: ["Holder-1.2.0.zip"])
        defer { server.stop() }
        _ = try file("Holder-1.2.0.zip", size: 10)
        _ = try file("Holder-1.2.0.dmg", size: 10)
        let clash = try run(
            ["--tag", "v1.2.0", "--asset", "Holder-1.2.0.dmg", "--asset", "Holder-1.2.0.zip"], environment(server))
        #expect(clash.status == 2)
        #expect(clash.stderr.contains("already has an asset named Holder-1.2.0.zip"), "\(clash.stderr)")
        #expect(server.requests.map(\.method) == ["GET"])

        let added = try run(["--tag", "v1.2.0", "--asset", "Holder-1.2.0.dmg"], environment(server))
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.contains("updated the release for v1.2.0"))
        #expect(
            server.requests.map { "\($0.method) \($0.path)" }.suffix(2) == [
                "GET /repos/acme/holder/releases/tags/v1.2.0", "POST /uploads/repos/acme/holder/releases/1/assets",
            ])
    }

    @Test("a draft, which the lookup by tag does not find, is found among the latest releases and reused")
    func reusesDraft() throws {
        let server = try Self.server(draft: [])
        defer { server.stop() }
        _ = try file("Holder-1.2.0.zip", size: 10)
        let result = try run(["--tag", "v1.2.0", "--draft", "--asset", "Holder-1.2.0.zip"], environment(server))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("updated the release for v1.2.0"))
        #expect(
            server.requests.map { "\($0.method) \($0.path)" } == [
                "GET /repos/acme/holder/releases/tags/v1.2.0", "GET /repos/acme/holder/releases",
                "POST /uploads/repos/acme/holder/releases/1/assets",
            ])

        let fresh = try Self.server()
        defer { fresh.stop() }
        let created = try run(["--tag", "v1.2.0", "--draft"], environment(fresh))
        #expect(created.status == 0, "\(created.stderr)")
        #expect(fresh.requests.map(\.method) == ["GET", "GET", "POST"])
        let body = try #require(try JSONSerialization.jsonObject(with: fresh.requests[2].body) as? [String: Any])
        #expect(body["draft"] as? Bool == true)
    }

    @Test("a tag GitHub does not have is refused before a release is made, unless the release is a draft")
    func tagNotPushed() throws {
        let server = try Self.server(tagPushed: false)
        defer { server.stop() }
        let result = try run(["--tag", "v1.2.0"], environment(server))
        #expect(result.status == 2)
        #expect(result.stderr.contains("acme/holder has no tag v1.2.0"), "\(result.stderr)")
        #expect(result.stderr.contains("git push origin v1.2.0"))
        #expect(!server.requests.contains { $0.method == "POST" })
    }

    @Test("without GITHUB_REPOSITORY the push remote's URL names the repository")
    func repositoryFromRemote() throws {
        let server = try Self.server()
        defer { server.stop() }
        let repo = try TestRepository()
        try repo.git(["remote", "add", "origin", "git@github.com:acme/holder.git"])
        var environment = self.environment(server, repository: nil)
        environment["HOME"] = repo.home.path
        let result = try run(["--tag", "v1.2.0"], environment, in: repo.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(server.requests.first?.path == "/repos/acme/holder/releases/tags/v1.2.0")
    }

    @Test("GitHub's refusal is quoted with its status and a hint; the token is never printed")
    func apiError() throws {
        let server = try LocalHTTPServer { _ in
            .json(403, #"{"message":"Resource not accessible by integration","documentation_url":"x"}"#)
        }
        defer { server.stop() }
        let result = try run(["--tag", "v1.2.0"], environment(server))
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("GitHub answered 403 to GET /repos/acme/holder/releases/tags/v1.2.0"),
            "\(result.stderr)")
        #expect(result.stderr.contains("Resource not accessible by integration"))
        #expect(result.stderr.contains("contents: write"))
        #expect(!(result.stdout + result.stderr).contains(Self.token))
    }

    @Test("no token, a bad repository name or a missing file stop before any request")
    func refusals() throws {
        let server = try Self.server()
        defer { server.stop() }
        var noToken = environment(server)
        noToken["GITHUB_TOKEN"] = nil
        let missing = try run(["--tag", "v1.2.0"], noToken)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("GITHUB_TOKEN is not set"))
        let badName = try run(["--tag", "v1.2.0"], environment(server, repository: "holder"))
        #expect(badName.stderr.contains("GITHUB_REPOSITORY holder is not owner/name"), "\(badName.stderr)")
        let noFile = try run(["--tag", "v1.2.0", "--asset", "missing.zip"], environment(server))
        #expect(noFile.status == 2)
        #expect(noFile.stderr.contains("cannot upload missing.zip: no such file"))
        #expect(server.requests.isEmpty)
    }
}

@Suite("HTTP: uploads from a file")
struct FileUploadTests {
    @Test("a body file is streamed with -T, never read into --data-binary; a large one gets a longer bound")
    func streamed() throws {
        let url = try #require(URL(string: "https://uploads.github.com/repos/a/b/releases/1/assets?name=A.dmg"))
        let request = HTTPRequest(method: "POST", url: url, bodyFile: "/tmp/A.dmg")
        let arguments = CurlTransport.arguments(for: request, folder: "/tmp/f", timeout: 60)
        let upload = try #require(arguments.firstIndex(of: "-T"))
        #expect(arguments[upload + 1] == "/tmp/A.dmg")
        #expect(!arguments.contains("--data-binary"))
        #expect(arguments[arguments.index(after: try #require(arguments.firstIndex(of: "-X")))] == "POST")
        #expect(GitHubReleaseService.uploadTimeout(bytes: 0) == 60)
        #expect(GitHubReleaseService.uploadTimeout(bytes: 500 << 20) == 60 + 2000)
    }
}
