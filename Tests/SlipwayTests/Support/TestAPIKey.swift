import Foundation

/// An App Store Connect API key made for one test with the `openssl` CLI: a P-256 key as PKCS#8 (`.p8`, as
/// Apple issues them) and its public half. Nothing is committed; the folder goes with the value.
final class TestAPIKey {
    let folder = TemporaryDirectory("slipway-asc-key")
    let id: String
    let issuer: String?
    let p8Path: String
    let publicKeyPath: String
    let pem: String

    init(id: String = "TESTKEY123", issuer: String? = "69a6de70-03db-47e3-e053-5b8c7c11a4d1") throws {
        self.id = id
        self.issuer = issuer
        let sec1 = folder.path + "/ec.pem"
        p8Path = folder.path + "/AuthKey_\(id).p8"
        publicKeyPath = folder.path + "/public.pem"
        try TestAPIKey.openssl(["ecparam", "-genkey", "-name", "prime256v1", "-noout", "-out", sec1])
        try TestAPIKey.openssl(["pkcs8", "-topk8", "-nocrypt", "-in", sec1, "-out", p8Path])
        try TestAPIKey.openssl(["pkey", "-in", p8Path, "-pubout", "-out", publicKeyPath])
        pem = try String(contentsOfFile: p8Path, encoding: .utf8)
    }

    /// The variables that configure this key, as a user sets them (fastlane's names work too).
    func environment(baseURL: String) -> [String: String] {
        var environment = [
            "APP_STORE_CONNECT_API_KEY_ID": id, "APP_STORE_CONNECT_API_KEY_PATH": p8Path,
            "SLIPWAY_ASC_API_URL": baseURL, "SLIPWAY_ASC_RETRY_DELAY": "0",
        ]
        if let issuer { environment["APP_STORE_CONNECT_API_ISSUER_ID"] = issuer }
        return environment
    }

    /// The base64 body of the PEM, the part that must never appear in any output.
    var secretBody: String {
        pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
    }

    static func openssl(_ arguments: [String]) throws {
        let result = try runProcess("/usr/bin/env", ["openssl"] + arguments)
        guard result.status == 0 else { throw TestFailure("openssl \(arguments.joined(separator: " ")): \(result.stderr)") }
    }
}
