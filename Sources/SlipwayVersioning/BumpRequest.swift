import SlipwayDetection
import SlipwaySpec

/// What `slipway bump` is asked to change.
public struct BumpRequest: Sendable {
    public enum Marketing: Sendable, Equatable {
        /// The semantic bump of the current version.
        case bump(BumpLevel)
        /// The level `detect` suggests for the commits since the latest release tag.
        case auto
        /// `--set`: this exact value everywhere (also how disagreeing definitions are brought into step).
        case set(String)
    }

    public enum Build: Sendable, Equatable {
        /// The current build number + 1 (`bump build`): an error when the spec has none.
        case increment
        /// The build number + 1 alongside a marketing bump: left alone when the spec has no literal build number
        /// (CI often passes it in through `${BUILD_NUMBER}`).
        case incrementIfDefined
        /// `--build`: this exact value everywhere.
        case set(String)
        /// `--build testflight`: the number a `BuildNumberSource` gives (the highest App Store Connect has + 1),
        /// asked for when the bump is planned.
        case next(from: String)
    }

    /// `nil`: the marketing version is left alone.
    public var marketing: Marketing?
    /// `nil`: the build number is left alone.
    public var build: Build?
    public var options: SpecLocator.Options
    /// Answers `.next(from:)`; the command line supplies it, so this module never imports the network client.
    public var buildNumbers: (any BuildNumberSource)?

    /// The sources `--build` accepts instead of a number.
    public static let buildSources = ["testflight"]

    public init(marketing: Marketing?, build: Build?, options: SpecLocator.Options = SpecLocator.Options()) {
        self.marketing = marketing
        self.build = build
        self.options = options
    }

    /// Whether a `--build` value is a build number: digits, optionally dotted (`118`, `2024.11.3`).
    public static func isBuildNumber(_ text: String) -> Bool {
        VersionNumber(text) != nil
    }

    /// Why a `--set` value cannot be written, or `nil` when it can: App Store Connect takes a marketing version of
    /// one to three integers separated by periods (`1`, `2.0`, `1.4.2`), so `1.2.3.4` and `2.0 beta` are refused
    /// here rather than at upload.
    public static func problem(withSetValue text: String) -> String? {
        if text.isEmpty { return "the version is empty" }
        guard var problem = VersionNumber.marketingProblem(text) else { return nil }
        problem = "not a marketing version App Store Connect accepts: " + problem
        guard let near = VersionNumber.nearestMarketing(text), near != text else { return problem }
        return problem + "; for example \(near)"
    }
}

/// Where `--build <source>` takes the build number from.
public protocol BuildNumberSource: Sendable {
    /// The number to write: one that the source has not seen yet.
    func nextBuildNumber() throws -> String
}
