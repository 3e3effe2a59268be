import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayCrypto

/// An App Store Connect API key, from the environment: Slipway's names, or fastlane's for the same values.
///
/// The private key is parsed once and kept only as a libcrypto handle; its text is in no property, and
/// `description` names the key by id alone, so neither a log nor an error can print it.
public struct APIKey: Sendable, CustomStringConvertible {
    /// The key id (the `kid` of every token, `AuthKey_<id>.p8`).
    public let id: String
    /// The team key's issuer id; `nil` for an individual key, whose tokens say `sub: "user"` instead.
    public let issuer: String?
    let privateKey: ES256PrivateKey
    /// The PEM text, for the one consumer that needs a file (altool reads `AuthKey_<id>.p8`); never printed.
    let pem: String

    public init(id: String, issuer: String?, pem: String, source: String) throws(SigningError) {
        self.id = id
        self.issuer = issuer
        self.pem = pem
        privateKey = try ES256PrivateKey(pem: pem, source: source)
    }

    public var description: String { "App Store Connect API key \(id)" }

    /// The variable names read (`AppStoreConnectVariables`, shared with the archive and export stages).
    public typealias Variable = AppStoreConnectVariables

    /// The key the environment configures; an error that says which variable is missing or wrong otherwise.
    public static func fromEnvironment(_ environment: [String: String]) throws -> APIKey {
        func value(_ names: [String]) -> (name: String, value: String)? {
            Variable.first(names, in: environment)
        }
        guard let id = value(Variable.keyID) else { throw ASCError.missingKey(missing: Variable.keyID[0]) }
        let issuer = value(Variable.issuer)?.value
        if let path = value(Variable.path) {
            // Bounded: a key path naming a FIFO or /dev/zero must neither hang nor fill memory.
            let bytes: [UInt8]?
            do {
                bytes = try BoundedFile.read(path.value)
            } catch {
                throw ASCError.unreadableKey(path: path.value, variable: path.name, reason: "it is \(error.reason)")
            }
            guard let bytes else {
                throw ASCError.unreadableKey(
                    path: path.value, variable: path.name, reason: String(cString: strerror(ENOENT)))
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return try APIKey(id: id.value, issuer: issuer, pem: text, source: "\(path.value) (\(path.name))")
        }
        if let text = value(Variable.text) {
            let pem = Variable.pem(text.value)
            return try APIKey(id: id.value, issuer: issuer, pem: pem, source: text.name)
        }
        throw ASCError.missingKey(missing: "\(Variable.path[0]) or \(Variable.text[0])")
    }
}
