import SlipwayCore

/// A scheme XcodeGen writes, with its build and test actions.
public struct ProjectScheme: Sendable, Equatable {
    public enum Origin: Sendable, Equatable {
        /// An entry of `schemes:` (after `schemeTemplates`).
        case schemes
        /// A target's `scheme:`; `variant` for one of its `configVariants`.
        case target(String, variant: String?)
    }

    public struct BuildTarget: Sendable, Equatable {
        public var name: Located<String>
        /// XcodeGen's build types: `running`, `testing`, `profiling`, `analyzing`, `archiving`.
        public var buildTypes: Set<String>

        public init(name: Located<String>, buildTypes: Set<String>) {
            self.name = name
            self.buildTypes = buildTypes
        }
    }

    public struct TestTarget: Sendable, Equatable {
        public var name: Located<String>
        public var skipped: Bool

        public init(name: Located<String>, skipped: Bool) {
            self.name = name
            self.skipped = skipped
        }
    }

    public var name: String
    public var location: SourceLocation
    public var origin: Origin
    /// The build action's targets (test targets are built for testing on top of these, as XcodeGen adds them).
    public var buildTargets: [BuildTarget]
    public var testTargets: [TestTarget]
    public var testPlans: [Located<String>]
    /// `run.executable`, when given.
    public var runExecutable: Located<String>?
    /// `management.shared: false` puts the scheme in the user's data: a clean checkout does not have it.
    public var shared: Bool

    public init(
        name: String, location: SourceLocation, origin: Origin, buildTargets: [BuildTarget], testTargets: [TestTarget],
        testPlans: [Located<String>] = [], runExecutable: Located<String>? = nil, shared: Bool = true
    ) {
        self.name = name
        self.location = location
        self.origin = origin
        self.buildTargets = buildTargets
        self.testTargets = testTargets
        self.testPlans = testPlans
        self.runExecutable = runExecutable
        self.shared = shared
    }

    public static let allBuildTypes: Set<String> = ["running", "testing", "profiling", "analyzing", "archiving"]

    /// Targets built for running (or archiving): what `xcodebuild build` with the scheme builds.
    public var builtTargets: [Located<String>] {
        buildTargets.filter { !$0.buildTypes.isDisjoint(with: ["running", "archiving", "profiling", "analyzing"]) }
            .map(\.name)
    }

    /// The test targets the test action runs (skipped ones left out).
    public var runTestTargets: [Located<String>] {
        testTargets.filter { !$0.skipped }.map(\.name)
    }
}

/// Reading `schemes:` entries and targets' `scheme:` into `ProjectScheme`s.
struct SchemeReader {
    var warnings: [ProjectWarning] = []

    static let schemeKeys: Set<String> = [
        "build", "run", "test", "profile", "analyze", "archive", "management", "templates", "templateAttributes",
    ]
    static let testKeys: Set<String> = [
        "config", "gatherCoverageData", "coverageTargets", "targets", "commandLineArguments", "environmentVariables",
        "preActions", "postActions", "language", "region", "disableMainThreadChecker", "debugEnabled",
        "testPlans", "captureScreenshotsAutomatically", "deleteScreenshotsWhenEachTestSucceeds",
        "shouldUseLaunchSchemeArgsEnv", "customLLDBInit", "systemAttachmentLifetime", "askForAppToLaunch",
        "macroExpansion",
    ]
    static let targetSchemeKeys: Set<String> = [
        "testTargets", "configVariants", "gatherCoverageData", "coverageTargets", "disableMainThreadChecker",
        "stopOnEveryMainThreadCheckerIssue", "buildImplicitDependencies", "language", "region",
        "commandLineArguments", "environmentVariables", "testPlans", "preActions", "postActions", "management",
        "storeKitConfiguration", "customLLDBInit", "buildTargets",
    ]

    mutating func scheme(_ name: String, _ value: ProjectValue, at location: SourceLocation) -> ProjectScheme {
        warnUnknown(value, known: Self.schemeKeys, what: "scheme '\(name)'")
        var buildTargets: [ProjectScheme.BuildTarget] = []
        for entry in value["build"]?["targets"]?.entries ?? [] {
            buildTargets.append(
                .init(name: Located(entry.key, at: entry.keyLocation), buildTypes: buildTypes(entry.value)))
        }
        let test = value["test"]
        if let test { warnUnknown(test, known: Self.testKeys, what: "scheme '\(name)' test action") }
        return ProjectScheme(
            name: name, location: location, origin: .schemes, buildTargets: buildTargets,
            testTargets: testTargets(test?["targets"]), testPlans: testPlans(test?["testPlans"]),
            runExecutable: value["run"]?["executable"].flatMap(located),
            shared: value["management"]?["shared"]?.bool ?? true)
    }

    mutating func targetScheme(_ value: ProjectValue, target: String) -> TargetSchemeSpec {
        warnUnknown(value, known: Self.targetSchemeKeys, what: "target '\(target)' scheme")
        return TargetSchemeSpec(
            location: value.location, testTargets: testTargets(value["testTargets"]),
            configVariants: value["configVariants"]?.strings ?? [], testPlans: testPlans(value["testPlans"]),
            gatherCoverageData: value["gatherCoverageData"]?.bool)
    }

    /// XcodeGen's schemes for a target's `scheme:`: one named after the target, or one per config variant.
    static func schemes(for target: ProjectTarget, _ spec: TargetSchemeSpec, shared: Bool = true) -> [ProjectScheme] {
        let variants: [String?] = spec.configVariants.isEmpty ? [nil] : spec.configVariants.map { $0 }
        return variants.map { variant in
            ProjectScheme(
                name: variant.map { "\(target.name) \($0)" } ?? target.name, location: spec.location,
                origin: .target(target.name, variant: variant),
                buildTargets: [.init(name: Located(target.name, at: target.location), buildTypes: allBuildTypes)],
                testTargets: spec.testTargets, testPlans: spec.testPlans, runExecutable: nil, shared: shared)
        }
    }

    private static let allBuildTypes = ProjectScheme.allBuildTypes

    /// `all`/`true`, `none`/`false`, one type or a list (`[run, test]`), as XcodeGen's `BuildType` parsing.
    private mutating func buildTypes(_ value: ProjectValue) -> Set<String> {
        if let flag = value.scalar?.bool, value.scalar?.isQuoted == false { return flag ? Self.allBuildTypes : [] }
        var result: Set<String> = []
        for word in value.strings {
            switch word {
            case "all", "true", "yes": result.formUnion(Self.allBuildTypes)
            case "none", "false", "no": break
            case "run", "running": result.insert("running")
            case "test", "testing": result.insert("testing")
            case "profile", "profiling": result.insert("profiling")
            case "analyze", "analyzing": result.insert("analyzing")
            case "archive", "archiving": result.insert("archiving")
            default:
                warnings.append(
                    ProjectWarning(
                        "unknown build type '\(word)'", at: value.location,
                        hint: "use all, none, or a list of run, test, profile, analyze, archive"))
            }
        }
        return result
    }

    private func testTargets(_ value: ProjectValue?) -> [ProjectScheme.TestTarget] {
        guard let value else { return [] }
        return value.items.compactMap { item in
            if let name = item.string { return .init(name: Located(name, at: item.location), skipped: false) }
            guard let name = item["name"], let text = name.string else { return nil }
            return .init(name: Located(text, at: name.location), skipped: item["skipped"]?.bool ?? false)
        }
    }

    private func testPlans(_ value: ProjectValue?) -> [Located<String>] {
        (value?.items ?? []).compactMap { $0["path"].flatMap(located) }
    }

    private func located(_ value: ProjectValue) -> Located<String>? {
        value.string.map { Located($0, at: value.location) }
    }

    mutating func warnUnknown(_ value: ProjectValue, known: Set<String>, what: String) {
        for entry in value.entries where !known.contains(entry.key) {
            warnings.append(
                ProjectWarning(
                    "\(what) has the key '\(entry.key)', which XcodeGen does not read here", at: entry.keyLocation,
                    hint: "check the spelling against XcodeGen's ProjectSpec.md; the model ignores it"))
        }
    }
}
