import Foundation
import SlipwayCrypto
import Testing

@Suite("SHA-256 through libcrypto")
struct SHA256Tests {
    @Test("known digests of bytes and of a file read in chunks")
    func knownDigests() throws {
        #expect(
            try SHA256Hasher.hexDigest(of: [])
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            try SHA256Hasher.hexDigest(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let folder = TemporaryDirectory("slipway-sha256")
        let file = folder.url.appendingPathComponent("million-a")
        try Data(repeating: UInt8(ascii: "a"), count: 1_000_000).write(to: file)
        let digest = try SHA256Hasher.hashFile(at: file.path)
        #expect(digest.hex == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
        #expect(digest.size == 1_000_000)
    }

    @Test("a file that cannot be opened is an error naming it and the reason")
    func unreadableFile() {
        let missing = "/nonexistent/artifact.ipa"
        #expect(throws: SHA256Error.cannotRead(path: missing, reason: "No such file or directory")) {
            try SHA256Hasher.hashFile(at: missing)
        }
    }

    @Test("an OpenSSL configuration without SHA-256 fails the command instead of recording an empty digest")
    func brokenOpenSSLConfiguration() throws {
        let repo = try ReleaseFixture.released()
        try ReleaseFixture.writeArtifact(repo, "build/MyApp.ipa", size: 1000)
        // Activating only the null provider leaves libcrypto with no SHA-256 (`openssl dgst -sha256` fails too).
        let config = repo.home.url.appendingPathComponent("openssl.cnf")
        try """
        openssl_conf = openssl_init
        [openssl_init]
        providers = provider_sect
        [provider_sect]
        null = null_sect
        [null_sect]
        activate = 1

        """.write(to: config, atomically: true, encoding: .utf8)
        let result = try repo.slipway(
            "manifest", "--artifact", "build/*.ipa",
            extraEnvironment: ["OPENSSL_CONF": config.path])
        #expect(result.status != 0)
        #expect(result.stderr.hasPrefix("Error: "), "\(result.stderr)")
        let manifest = repo.url.appendingPathComponent(".slipway/releases/1.2.0+42/manifest.json")
        #expect(!FileManager.default.fileExists(atPath: manifest.path))
    }
}
