import Foundation
import Testing

/// A token in a remote URL's query string (`?access_token=…`) reaches neither a release's output nor the hook
/// log: git quotes the URL in its own errors, which Slipway passes on line by line with URLs redacted.
@Suite("no secret from a remote URL's query string")
struct QueryTokenRedactionTests {
    static let token = "qs0TokenSecret4242"
    static let url = "https://example.invalid/team/app.git?access_token=\(token)"

    @Test("release --push to a URL with a token in its query string prints no token when the push fails")
    func releasePush() throws {
        let repo = try ReleaseRepository.make()
        try repo.git(["remote", "add", "origin", Self.url])
        let result = try repo.slipway("release", "minor", "--push")
        #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains(Self.token), "\(result.stdout)\(result.stderr)")
    }

    @Test("the hook's push action prints no token from the remote's query string")
    func hookPushAction() throws {
        let repo = try TestRepository.withInitialCommit()
        try repo.git(["remote", "add", "origin", Self.url])
        let result = try repo.slipway("hook", "run-action", "push")
        #expect(result.status != 0, "\(result.stdout)\(result.stderr)")
        #expect(!(result.stdout + result.stderr).contains(Self.token), "\(result.stdout)\(result.stderr)")
    }
}
