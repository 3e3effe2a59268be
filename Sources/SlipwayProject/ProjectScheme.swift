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

    /// A test plan the test action names (`test.testPlans`), as XcodeGen writes it into the scheme.
    public struct TestPlan: Sendable, Equatable {
        /// Relative to the project root (an include's folder already put in front).
        public var path: Located<String>
        /// The plan `xcodebuild test` runs without `-testPlan`: the first marked `defaultPlan`, else the first.
        public var isDefault: Bool
        /// The plan's file, when the model read the working tree and found it.
        public var file: TestPlanFile?

        public init(path: Located<String>, isDefault: Bool, file: TestPlanFile? = nil) {
            self.path = path
            self.isDefault = isDefault
            self.file = file
        }

        /// `Name` of `Folder/Name.xctestplan`: what `-testPlan` takes.
        public var name: String {
            var last = path.value.split(separator: "/").last.map(String.init) ?? path.value
            if last.hasSuffix(".xctestplan") { last.removeLast(".xctestplan".count) }
            return last
        }
    }

    public var name: String
    public var location: SourceLocation
    public var origin: Origin
    /// The build action's targets (test targets are built for testing on top of these, as XcodeGen adds them).
    public var buildTargets: [BuildTarget]
    public var testTargets: [TestTarget]
    public var testPlans: [TestPlan]
    /// `run.executable`, when given.
    public var runExecutable: Located<String>?
    /// `management.shared: false` puts the scheme in the user's data: a clean checkout does not have it.
    public var shared: Bool
    /// The configuration of the test action (`test.config`, else the project's debug configuration).
    public var testConfiguration: String?
    /// The configuration of the archive action (`archive.config`, else the project's release configuration).
    public var archiveConfiguration: String?

    public init(
        name: String, location: SourceLocation, origin: Origin, buildTargets: [BuildTarget], testTargets: [TestTarget],
        testPlans: [TestPlan] = [], runExecutable: Located<String>? = nil, shared: Bool = true,
        testConfiguration: String? = nil, archiveConfiguration: String? = nil
    ) {
        self.name = name
        self.location = location
        self.origin = origin
        self.buildTargets = buildTargets
        self.testTargets = testTargets
        self.testPlans = testPlans
        self.runExecutable = runExecutable
        self.shared = shared
        self.testConfiguration = testConfiguration
        self.archiveConfiguration = archiveConfiguration
    }

    /// The plan `xcodebuild test` runs when no `-testPlan` is passed.
    public var defaultTestPlan: TestPlan? { testPlans.first(where: \.isDefault) }

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

    /// An entry of `schemes:`; `configs` gives the test and archive actions' default configurations.
    mutating func scheme(_ name: String, _ value: ProjectValue, at location: SourceLocation, configs: ProjectConfigs)
        -> ProjectScheme
    {
        warnUnknown(value, known: Self.schemeKeys, what: "scheme '\(name)'")
        var buildTargets: [ProjectScheme.BuildTarget] = []
        for entry in value["build"]?["targets"]?.entries ?? [] {
            buildTargets.append(
                .init(name: Located(entry.key, at: entry.keyLocation), buildTypes: buildTypes(entry.value)))
        }
        // XcodeGen sorts a scheme's build targets by name.
        buildTargets.sort { $0.name.value < $1.name.value }
        let test = value["test"]
        if let test { warnUnknown(test, known: Self.testKeys, what: "scheme '\(name)' test action") }
        return ProjectScheme(
            name: name, location: location, origin: .schemes, buildTargets: buildTargets,
            testTargets: testTargets(test?["targets"]), testPlans: testPlans(test?["testPlans"]),
            runExecutable: value["run"]?["executable"].flatMap(located),
            shared: value["management"]?["shared"]?.bool ?? true,
            testConfiguration: test?["config"]?.string ?? configs.debug,
            archiveConfiguration: value["archive"]?["config"]?.string ?? configs.release)
    }

    mutating func targetScheme(_ value: ProjectValue, target: String) -> TargetSchemeSpec {
        warnUnknown(value, known: Self.targetSchemeKeys, what: "target '\(target)' scheme")
        return TargetSchemeSpec(
            location: value.location, testTargets: testTargets(value["testTargets"]),
            configVariants: value["configVariants"]?.strings ?? [], testPlans: testPlans(value["testPlans"]),
            gatherCoverageData: value["gatherCoverageData"]?.bool,
            shared: value["management"]?["shared"]?.bool ?? true)
    }

    /// XcodeGen's schemes for a target's `scheme:`: one named after the target, or one per config variant (its
    /// debug and release configurations those whose names are the variant's plus the type). A watch app's scheme
    /// builds the app that embeds it too. `warnings` receives a variant with no configuration.
    static func schemes(
        for target: ProjectTarget, _ spec: TargetSchemeSpec, configs: ProjectConfigs, host: ProjectTarget?,
        warnings: inout [ProjectWarning]
    ) -> [ProjectScheme] {
        var buildTargets: [ProjectScheme.BuildTarget] = [
            .init(name: Located(target.name, at: target.location), buildTypes: allBuildTypes)
        ]
        if ["application.watchapp", "application.watchapp2"].contains(target.typeName), let host {
            buildTargets.append(.init(name: Located(host.name, at: host.location), buildTypes: allBuildTypes))
        }
        let variants: [String?] = spec.configVariants.isEmpty ? [nil] : spec.configVariants.map { $0 }
        return variants.map { variant in
            var debug = configs.debug
            var release = configs.release
            if let variant {
                debug = configs.variant(variant, type: "debug")
                release = configs.variant(variant, type: "release")
                if debug == nil || release == nil {
                    warnings.append(
                        ProjectWarning(
                            "target '\(target.name)' has the config variant '\(variant)', but no debug and release "
                                + "configuration is named after it", at: spec.location,
                            hint: "XcodeGen stops on it; add configs such as '\(variant) Debug: debug' and "
                                + "'\(variant) Release: release'"))
                }
            }
            return ProjectScheme(
                name: variant.map { "\(target.name) \($0)" } ?? target.name, location: spec.location,
                origin: .target(target.name, variant: variant), buildTargets: buildTargets,
                testTargets: spec.testTargets, testPlans: spec.testPlans, runExecutable: nil, shared: spec.shared,
                testConfiguration: debug, archiveConfiguration: release)
        }
    }

    private static let allBuildTypes = ProjectScheme.allBuildTypes

    /// XcodeGen's `Scheme.Build` parsing: `all`, `none`, `testing` (testing and analyzing), `indexing` (testing,
    /// analyzing, archiving), a list of types, or a mapping of types to booleans; any other value builds for every
    /// action.
    private mutating func buildTypes(_ value: ProjectValue) -> Set<String> {
        if let scalar = value.scalar {
            if !scalar.isQuoted, scalar.bool == false {
                warnings.append(
                    ProjectWarning(
                        "'\(scalar.text)' is not a build type XcodeGen reads, so it builds the target for every action",
                        at: value.location, hint: "write 'none' to leave the target out of every action"))
            }
            switch scalar.text {
            case "none": return []
            case "testing": return ["testing", "analyzing"]
            case "indexing": return ["testing", "analyzing", "archiving"]
            case "all": return Self.allBuildTypes
            default:
                if scalar.bool == nil {
                    warnings.append(
                        ProjectWarning(
                            "'\(scalar.text)' is not a build type XcodeGen reads alone, so it builds the target for every "
                                + "action", at: value.location,
                            hint: "use all, none, testing, indexing, or a list: [run, test, profile, analyze, archive]")
                    )
                }
                return Self.allBuildTypes
            }
        }
        var result: Set<String> = []
        let words = value.isMapping ? value.entries.filter { $0.value.bool == true }.map(\.key) : value.strings
        for word in words {
            if let type = Self.buildType(word) {
                result.insert(type)
            } else {
                warnings.append(
                    ProjectWarning(
                        "unknown build type '\(word)'", at: value.location,
                        hint: "use run, test, profile, analyze or archive"))
            }
        }
        return result
    }

    private static func buildType(_ word: String) -> String? {
        switch word {
        case "run", "running": return "running"
        case "test", "testing": return "testing"
        case "profile", "profiling": return "profiling"
        case "analyze", "analyzing": return "analyzing"
        case "archive", "archiving": return "archiving"
        default: return nil
        }
    }

    private func testTargets(_ value: ProjectValue?) -> [ProjectScheme.TestTarget] {
        guard let value else { return [] }
        return value.items.compactMap { item in
            if let name = item.string { return .init(name: Located(name, at: item.location), skipped: false) }
            guard let name = item["name"], let text = name.string else { return nil }
            return .init(name: Located(text, at: name.location), skipped: item["skipped"]?.bool ?? false)
        }
    }

    /// `testPlans`, the default the first marked `defaultPlan` (else the first), as XcodeGen writes the scheme.
    private func testPlans(_ value: ProjectValue?) -> [ProjectScheme.TestPlan] {
        let items = (value?.items ?? []).compactMap { item in
            item["path"].flatMap(located).map { ($0, item["defaultPlan"]?.bool ?? false) }
        }
        let defaultIndex = items.firstIndex { $0.1 } ?? 0
        return items.enumerated().map { index, item in
            ProjectScheme.TestPlan(path: item.0, isDefault: index == defaultIndex)
        }
    }

    private func located(_ value: ProjectValue) -> Located<String>? {
        value.string.map { Located($0, at: value.location) }
    }

    mutating func warnUnknown(_ value: ProjectValue, known: Set<String>, what: String) {
        for entry in value.entries where !known.contains(entry.key) {
            warnings.append(
                ProjectWarning(
                    "\(what) has the key '\(entry.key)', which XcodeGen does not read here", at: entry.keyLocation,
                    hint: "check the spelling against XcodeGen's ProjectSpec.md; the model ignores it",
                    isUnreadKey: true))
        }
    }
}
