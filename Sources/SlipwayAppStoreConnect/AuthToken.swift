import Foundation
import SlipwayCore
import SlipwayCrypto

/// A signed App Store Connect token (JWS compact form, ES256).
///
/// `iat` is set 60 s in the past, so a server clock a little behind ours does not call the token "not yet valid",
/// and `exp` at most 20 minutes after `iat`, Apple's limit. The client mints a new token for each batch of
/// requests and before one gets old, so no request ever carries a token that expires in flight.
public struct AuthToken: Sendable {
    public static let audience = "appstoreconnect-v1"
    /// Apple refuses tokens that live longer than 20 minutes.
    public static let maximumLifetime: TimeInterval = 20 * 60
    /// How far back `iat` is set, for clock skew.
    public static let skew: TimeInterval = 60

    /// The compact serialisation: header.claims.signature, each base64url without padding.
    public let compact: String
    public let issuedAt: Date
    public let expiresAt: Date

    /// Signs a token for `key`, valid from `now - 60 s` for `lifetime` (clamped to 20 minutes).
    public static func make(for key: APIKey, now: Date, lifetime: TimeInterval = maximumLifetime) throws
        -> AuthToken
    {
        let issued = (now.timeIntervalSince1970 - skew).rounded(.down)
        let expires = issued + min(lifetime, maximumLifetime)
        let header: JSON = .object(["alg": .string("ES256"), "kid": .string(key.id), "typ": .string("JWT")])
        var claims: [String: JSON] = ["iat": .int(Int(issued)), "exp": .int(Int(expires)), "aud": .string(audience)]
        if let issuer = key.issuer {
            claims["iss"] = .string(issuer)
        } else {
            claims["sub"] = .string("user")
        }
        // JWS signs the exact bytes of the header and the claims, whatever their order.
        let signingInput =
            Base64URL.encode(Array(header.compact().utf8)) + "."
            + Base64URL.encode(Array(JSON.object(claims).compact().utf8))
        let signature = try ES256.sign(Array(signingInput.utf8), with: key.privateKey)
        return AuthToken(
            compact: signingInput + "." + Base64URL.encode(signature),
            issuedAt: Date(timeIntervalSince1970: issued), expiresAt: Date(timeIntervalSince1970: expires))
    }
}

/// Base64url without padding (RFC 7515 §2).
public enum Base64URL {
    public static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ text: String) -> [UInt8]? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map(Array.init)
    }
}
