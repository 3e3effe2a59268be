import SlipwayConfig
import SlipwayProject
import SlipwaySpec

/// The xcodebuild commands a careful iOS engineer runs for an XcodeGen project, read from its `ProjectModel`.
///
/// - build: every scheme whose build action has an application, app-extension or framework target, once per
///   platform its main target supports, on a generic destination (`generic/platform=iOS Simulator`), unsigned
///   (`CODE_SIGNING_ALLOWED=NO`) unless `run.codeSigning`; a scheme that builds nothing new on a platform (its
///   targets, and what they depend on, are built by a scheme before it) is left out;
/// - test: each test target once per platform it builds for, through the scheme built for that platform whose
///   test action (its default test plan, when read) runs the most of them, on a concrete destination, with the
///   plan named (`-testPlan`) and unsigned on a simulator or this Mac; UI-test targets only with `run.uiTests` or
///   `--ui-tests`;
/// - a spec with packages or build-tool plugins adds `-skipPackagePluginValidation -skipMacroValidation`.
///
/// Without any scheme in the spec, Xcode's automatic schemes (one per target, named after it) are used.
package struct XcodeGenDerivation {
    let model: ProjectModel
    /// The `.xcodeproj`, relative to the repository root.
    let project: String
    let options: DerivationOptions
    /// The schemes commands may name: the spec's, else Xcode's automatic ones.
    let schemes: [ProjectScheme]
    /// Whether `schemes` are Xcode's automatic ones.
    let automatic: Bool
    /// Whether the spec uses packages (any of which may bring a macro, which only resolving it would tell) or a
    /// target's `buildToolPlugins`: asked once, not for every command.
    let trustsPackages: Bool

    package init(model: ProjectModel, project: String, options: DerivationOptions) {
        self.model = model
        self.project = project
        self.options = options
        automatic = model.schemes.isEmpty
        let all = automatic ? Self.automaticSchemes(model) : model.schemes
        if let app = options.app {
            let own = Self.targets(of: app, apps: options.apps, in: model)
            schemes = all.filter { scheme in
                scheme.buildTargets.contains { own.contains($0.name.value) }
                    || scheme.testTargets.contains { own.contains($0.name.value) }
            }
        } else {
            schemes = all
        }
        trustsPackages =
            !model.packages.isEmpty
            || (model.merged["targets"]?.entries ?? []).contains { $0.value["buildToolPlugins"] != nil }
    }

    /// An app's targets, what they depend on, and the test targets that test them (their closure reaches one).
    static func targets(of app: AppConfig, apps: [AppConfig], in model: ProjectModel) -> Set<String> {
        let listed = AppScope.targets(of: app, declared: model.targets.map(\.name), apps: apps)
        var own = listed
        for name in listed { own.formUnion(model.dependencyClosure(of: name).map(\.name)) }
        for target in model.targets where target.isTest {
            if model.dependencyClosure(of: target.name).contains(where: { listed.contains($0.name) }) {
                own.insert(target.name)
            }
        }
        return own
    }

    /// Xcode makes a scheme per target when the project has none; its test action runs the target itself.
    static func automaticSchemes(_ model: ProjectModel) -> [ProjectScheme] {
        let dependedOn = Set(
            model.targets.filter(\.isBuildable).flatMap(\.dependencies).filter { $0.kind == .target }.map(\.name.value))
        return model.targets.filter { $0.isTest || ($0.isBuildable && !dependedOn.contains($0.name)) }.map { target in
            let name = Located(target.name, at: target.location)
            return ProjectScheme(
                name: target.name, location: target.location, origin: .target(target.name, variant: nil),
                buildTargets: target.isTest ? [] : [.init(name: name, buildTypes: ProjectScheme.allBuildTypes)],
                testTargets: target.isTest ? [.init(name: name, skipped: false)] : [], testPlans: [],
                runExecutable: nil, shared: true)
        }
    }

    /// The commands of one derived stage, with what the plan should say about choices made.
    package func commands(_ kind: DerivedStageKind) -> (commands: [[String]], notes: [String]) {
        switch kind {
        case .generate: return ([], [])
        case .build: return build()
        case .test: return test()
        }
    }

    // MARK: Build

    func build() -> (commands: [[String]], notes: [String]) {
        var commands: [[String]] = []
        var notes: [String] = []
        if automatic, !schemes.isEmpty {
            notes.append("the spec makes no schemes, so the commands use Xcode's automatic ones (one per target)")
        }
        var built: [String: Set<String>] = [:]
        for scheme in buildOrder() {
            let targets = Set(scheme.builtTargets.map(\.value).filter { model.target(named: $0)?.isBuildable == true })
            guard !targets.isEmpty else { continue }
            let platforms = self.platforms(of: scheme)
            if platforms.isEmpty {
                notes.append("scheme '\(scheme.name)' is not built: its main target names no platform Slipway knows")
            }
            for platform in platforms {
                guard !targets.isSubset(of: built[platform, default: []]) else {
                    notes.append(
                        "scheme '\(scheme.name)' is not built for \(platform): other schemes build its targets")
                    continue
                }
                // Xcode builds what they depend on too (implicit dependencies), so those count as built.
                built[platform, default: []].formUnion(targets)
                for name in targets {
                    built[platform, default: []].formUnion(model.dependencyClosure(of: name).map(\.name))
                }
                var argv = xcodebuild("build", scheme: scheme.name, destination: Self.buildDestination(platform))
                if !options.codeSigning { argv.append("CODE_SIGNING_ALLOWED=NO") }
                commands.append(argv)
            }
        }
        let everBuilt = built.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for target in model.targets where target.typeName.hasPrefix("application") && !everBuilt.contains(target.name) {
            notes.append(
                "application target '\(target.name)' is in no scheme's build action, so no command builds it "
                    + "(give it 'scheme: {}' in the spec, or add it to a scheme)")
        }
        return (commands, notes)
    }

    /// Schemes named after their main target first, UI-test schemes last, else in the model's order.
    func buildOrder() -> [ProjectScheme] {
        func rank(_ scheme: ProjectScheme) -> Int {
            if mainTarget(of: scheme)?.name == scheme.name { return 0 }
            let tests = scheme.runTestTargets.compactMap { model.target(named: $0.value) }
            return !tests.isEmpty && tests.allSatisfy(\.isUITest) ? 2 : 1
        }
        let ranks = schemes.map(rank)
        return schemes.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }.map { schemes[$0] }
    }

    /// `run.executable`, else the first application built for running, else the first buildable target.
    func mainTarget(of scheme: ProjectScheme) -> ProjectTarget? {
        if let executable = scheme.runExecutable, let target = model.target(named: executable.value) { return target }
        let built = scheme.builtTargets.compactMap { model.target(named: $0.value) }
        return built.first { $0.typeName.hasPrefix("application") } ?? built.first(where: \.isBuildable)
    }

    /// The platforms of the scheme's main target (its destinations, else its platform).
    func platforms(of scheme: ProjectScheme) -> [String] {
        (mainTarget(of: scheme)?.platforms ?? []).filter { $0 != "auto" && Self.isKnown($0) }
    }

    func xcodebuild(_ action: String, scheme: String, destination: String) -> [String] {
        ["xcodebuild", action, "-project", project, "-scheme", scheme, "-destination", destination]
            + (trustsPackages ? Self.packageTrust : [])
    }

    /// Xcode asks a person to trust each package build-tool plugin and macro before it runs one; CI has no person.
    static let packageTrust = ["-skipPackagePluginValidation", "-skipMacroValidation"]

    static func isKnown(_ platform: String) -> Bool {
        ["iOS", "macOS", "macCatalyst", "tvOS", "watchOS", "visionOS"].contains(platform)
    }

    /// Any device of the platform: building needs no particular simulator.
    static func buildDestination(_ platform: String) -> String {
        switch platform {
        case "macOS": return "generic/platform=macOS"
        case "macCatalyst": return "generic/platform=macOS,variant=Mac Catalyst"
        default: return "generic/platform=\(platform) Simulator"
        }
    }

    /// Tests run on a concrete device: this Mac, or the newest OS's first simulator; `run.testDestinations` wins.
    /// The table is `CIMatrix.destination`'s, so the matrix and `run` name the same device.
    func testDestination(_ platform: String) -> String {
        options.testDestinations[platform] ?? CIMatrix.destination(platform)
    }
}

/// What `.slipway.yml`'s `run:` and the command line tell the derivation.
public struct DerivationOptions: Sendable, Equatable {
    public var uiTests: Bool
    public var codeSigning: Bool
    public var testDestinations: [String: String]
    /// With several apps on one spec, the one the stages are for (`--app`), and every app: its schemes alone are
    /// built and tested.
    public var app: AppConfig?
    public var apps: [AppConfig] = []

    public init(uiTests: Bool = false, codeSigning: Bool = false, testDestinations: [String: String] = [:]) {
        self.uiTests = uiTests
        self.codeSigning = codeSigning
        self.testDestinations = testDestinations
    }

    public init(_ configuration: Configuration, uiTests: Bool = false) {
        self.init(
            uiTests: uiTests || configuration.run.uiTests, codeSigning: configuration.run.codeSigning,
            testDestinations: configuration.run.testDestinations)
        if configuration.apps.count > 1 {
            app = configuration.selectedApp
            apps = configuration.apps
        }
    }
}
