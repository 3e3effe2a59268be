import SlipwayCore

/// The command sets Slipway derives from the project, in pipeline order. A `stages:` entry names one with
/// `uses:` to keep Slipway's derivation and add flags. Later stages (archive, export) join this list.
public enum DerivedStageKind: String, Sendable, CaseIterable, Codable {
    case generate
    case build
    case test
}

/// A `stages:` entry's `uses:` and `flags:`: the derived commands of `kind`, each with `flags` appended.
public struct StageUses: Sendable, Equatable, Codable {
    public var kind: DerivedStageKind
    public var flags: [String]
    /// Where `uses:` is written, for messages.
    public var location: SourceLocation?

    public init(kind: DerivedStageKind, flags: [String] = [], location: SourceLocation? = nil) {
        self.kind = kind
        self.flags = flags
        self.location = location
    }
}

/// `run:` in `.slipway.yml`: how the derived stages build and test.
public struct RunConfig: Sendable, Equatable {
    /// Also run UI-test targets (`--ui-tests` sets it for one run).
    public var uiTests = false
    /// Let derived simulator and generic macOS builds sign (`false` adds `CODE_SIGNING_ALLOWED=NO`).
    public var codeSigning = false
    /// The test destination per platform (`iOS: "platform=iOS Simulator,name=iPhone 16"`), over the default.
    public var testDestinations: [String: String] = [:]

    public init() {}

    static let keys = ["uiTests", "codeSigning", "testDestinations"]
    static let platforms = ["iOS", "macOS", "macCatalyst", "tvOS", "watchOS", "visionOS"]
}
