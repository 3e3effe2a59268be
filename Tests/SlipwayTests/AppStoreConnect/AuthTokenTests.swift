import Foundation
import SlipwayAppStoreConnect
import SlipwayCore
import SlipwayCrypto
import Testing

/// ES256 through libcrypto and the tokens App Store Connect reads, checked with the key's public half and with
/// the `openssl` CLI.
@Suite("App Store Connect: keys and tokens")
struct AuthTokenTests {
    func claims(_ token: AuthToken) throws -> (header: [String: Any], claims: [String: Any], parts: [String]) {
        let parts = token.compact.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        try #require(parts.count == 3)
        let header = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[0]))))
        let claims = try JSONSerialization.jsonObject(with: Data(try #require(Base64URL.decode(parts[1]))))
        return (try #require(header as? [String: Any]), try #require(claims as? [String: Any]), parts)
    }

    @Test("a team key's token: ES256 header with kid, iss, iat 60 s back, exp within 20 minutes, aud")
    func teamToken() throws {
        let test = try TestAPIKey()
        let key = try APIKey(id: test.id, issuer: test.issuer, pem: test.pem, source: "test")
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let token = try AuthToken.make(for: key, now: now)
        let (header, claims, parts) = try claims(token)
        #expect(header["alg"] as? String == "ES256")
        #expect(header["kid"] as? String == test.id)
        #expect(header["typ"] as? String == "JWT")
        #expect(claims["iss"] as? String == test.issuer)
        #expect(claims["sub"] == nil)
        #expect(claims["aud"] as? String == "appstoreconnect-v1")
        #expect(claims["iat"] as? Int == 1_800_000_000 - 60)
        #expect(claims["exp"] as? Int == 1_800_000_000 - 60 + 1200)
        let signature = try #require(Base64URL.decode(parts[2]))
        #expect(signature.count == 64)
        let publicKey = try ES256PublicKey(pem: try String(contentsOfFile: test.publicKeyPath, encoding: .utf8))
        #expect(ES256.verify(signature, of: Array("\(parts[0]).\(parts[1])".utf8), with: publicKey))
        // One changed byte of the claims and the signature no longer holds.
        #expect(!ES256.verify(signature, of: Array("\(parts[0]).\(parts[1])x".utf8), with: publicKey))
    }

    @Test("an individual key (no issuer) says sub: user; a lifetime over 20 minutes is clamped")
    func individualToken() throws {
        let test = try TestAPIKey(issuer: nil)
        let key = try APIKey(id: test.id, issuer: nil, pem: test.pem, source: "test")
        let token = try AuthToken.make(for: key, now: Date(timeIntervalSince1970: 1_800_000_000), lifetime: 3600)
        let (_, claims, _) = try claims(token)
        #expect(claims["sub"] as? String == "user")
        #expect(claims["iss"] == nil)
        #expect(token.expiresAt.timeIntervalSince(token.issuedAt) == 1200)
    }

    @Test("openssl verifies the token's signature once r||s is put back into DER")
    func opensslVerifies() throws {
        let test = try TestAPIKey()
        let key = try APIKey(id: test.id, issuer: test.issuer, pem: test.pem, source: "test")
        let token = try AuthToken.make(for: key, now: Date())
        let (_, _, parts) = try claims(token)
        let input = test.folder.path + "/input"
        let signature = test.folder.path + "/signature.der"
        try Data("\(parts[0]).\(parts[1])".utf8).write(to: URL(fileURLWithPath: input))
        let der = try ES256.derSignature(fromRaw: try #require(Base64URL.decode(parts[2])))
        try Data(der).write(to: URL(fileURLWithPath: signature))
        let result = try runProcess(
            "/usr/bin/env", ["openssl", "dgst", "-sha256", "-verify", test.publicKeyPath, "-signature", signature, input])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Verified OK"))
        // And the raw form round-trips: DER → r||s gives the token's own bytes.
        #expect(try ES256.rawSignature(fromDER: der) == Base64URL.decode(parts[2]))
    }

    @Test("the key from fastlane's names, as PEM text with escaped line breaks; never in its description")
    func environmentNames() throws {
        let test = try TestAPIKey()
        let escaped = test.pem.replacingOccurrences(of: "\n", with: "\\n")
        let key = try APIKey.fromEnvironment([
            "APP_STORE_CONNECT_API_KEY_KEY_ID": test.id, "APP_STORE_CONNECT_API_KEY_ISSUER_ID": "issuer",
            "APP_STORE_CONNECT_API_KEY_KEY": escaped,
        ])
        #expect(key.id == test.id)
        #expect(key.issuer == "issuer")
        #expect(!"\(key)".contains(test.secretBody.prefix(20)))
        #expect("\(key)" == "App Store Connect API key \(test.id)")
    }

    @Test("a malformed or non-P-256 key is refused naming its source, never quoting it")
    func malformedKey() throws {
        let folder = TemporaryDirectory()
        let path = folder.path + "/AuthKey_BAD.p8"
        let text = "-----BEGIN PRIVATE KEY-----\nTUFMRk9STUVEU0VDUkVU\n-----END PRIVATE KEY-----\n"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: SigningError.self) {
            try APIKey.fromEnvironment(["APP_STORE_CONNECT_API_KEY_ID": "BAD", "APP_STORE_CONNECT_API_KEY_PATH": path])
        }
        do {
            _ = try APIKey.fromEnvironment(["APP_STORE_CONNECT_API_KEY_ID": "BAD", "APP_STORE_CONNECT_API_KEY_PATH": path])
        } catch let error as SlipwayError {
            #expect(error.rendered.contains(path))
            #expect(!error.rendered.contains("TUFMRk9STUVEU0VDUkVU"))
            #expect(error.exitStatus == .badInput)
        }
        let rsa = folder.path + "/rsa.pem"
        try TestAPIKey.openssl(["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024", "-out", rsa])
        #expect(throws: SigningError.self) {
            try ES256PrivateKey(pem: try String(contentsOfFile: rsa, encoding: .utf8), source: "rsa.pem")
        }
        #expect(throws: ASCError.missingKey(missing: "APP_STORE_CONNECT_API_KEY_ID")) {
            try APIKey.fromEnvironment([:])
        }
    }

    @Test("build numbers compare as dotted numbers and the next one increments the last part")
    func buildNumbers() {
        #expect(BuildNumber.isLess("9", "10"))
        #expect(BuildNumber.isLess("2024.2.9", "2024.11.3"))
        #expect(!BuildNumber.isLess("10", "10"))
        #expect(BuildNumber.next(after: "41") == "42")
        #expect(BuildNumber.next(after: "2024.11.3") == "2024.11.4")
        #expect(BuildNumber.next(after: nil) == "1")
        #expect(BuildNumber.next(after: "1.0b") == nil)
    }
}
