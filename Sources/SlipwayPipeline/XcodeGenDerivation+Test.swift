import SlipwayProject

extension XcodeGenDerivation {
    /// One scheme's share of the tests: the bundles it is the one to run, on one platform.
    struct TestRun {
        var scheme: ProjectScheme
        var platform: String
        var targets: [String]
    }

    /// A test bundle on one platform: what the test stage runs exactly once.
    struct TestUnit: Hashable {
        var target: String
        var platform: String
    }

    func test() -> (commands: [[String]], notes: [String]) {
        var notes: [String] = []
        let allowed = allowedTests(&notes)
        var remaining = Set(
            allowed.flatMap { name, platforms in platforms.map { TestUnit(target: name, platform: $0) } })
        var runs: [TestRun] = []
        var chosen: Set<TestUnit> = []
        // Ties go to schemes named after their main target, UI-test schemes last, as the build stage orders them.
        let schemes = buildOrder()
        // Greedy over (scheme, platform): the one that runs the most remaining bundles goes first, so a scheme whose
        // test action covers several bundles is not repeated through each bundle's own scheme. A scheme is tested
        // only on its main target's platforms: Xcode refuses a watchOS destination for an iOS app's scheme, so a
        // watch bundle in an iOS scheme runs through a watch scheme.
        while !remaining.isEmpty {
            var best: (index: Int, platform: String, count: Int)?
            for (index, scheme) in schemes.enumerated() {
                let tested = testedTargets(of: scheme)
                for platform in testPlatforms(of: scheme, allowed: allowed)
                where !chosen.contains(TestUnit(target: scheme.name, platform: platform)) {
                    let count = tested.filter { remaining.contains(TestUnit(target: $0, platform: platform)) }.count
                    if count > 0, count > (best?.count ?? 0) { best = (index, platform, count) }
                }
            }
            guard let best else { break }
            let scheme = schemes[best.index]
            chosen.insert(TestUnit(target: scheme.name, platform: best.platform))
            let mine = testedTargets(of: scheme).filter {
                remaining.contains(TestUnit(target: $0, platform: best.platform))
            }
            remaining.subtract(mine.map { TestUnit(target: $0, platform: best.platform) })
            runs.append(TestRun(scheme: scheme, platform: best.platform, targets: mine))
        }
        for unit in remaining.sorted(by: { ($0.target, $0.platform) < ($1.target, $1.platform) }) {
            notes.append(
                "test target '\(unit.target)' is not run on \(unit.platform): no scheme built for \(unit.platform) "
                    + "tests it (give it a scheme of its own, e.g. 'scheme: {testTargets: [\(unit.target)]}')")
        }
        let tested = Set(runs.map(\.scheme.name))
        for scheme in schemes where !tested.contains(scheme.name) {
            if !scheme.testPlans.isEmpty, testedTargets(of: scheme).isEmpty,
                let platform = platforms(of: scheme).first
            {
                notes.append("scheme '\(scheme.name)' tests through a test plan, whose targets Slipway cannot see")
                runs.append(TestRun(scheme: scheme, platform: platform, targets: []))
            } else if testedTargets(of: scheme).contains(where: { allowed[$0] != nil }) {
                notes.append("scheme '\(scheme.name)' is not tested: other schemes run its test targets")
            }
        }
        return (runs.map(command), notes)
    }

    /// The bundles a scheme's test action runs: its default test plan's enabled ones when the plan was read
    /// (`xcodebuild test` runs the plan, not the scheme's list), else its test targets less the skipped ones.
    func testedTargets(of scheme: ProjectScheme) -> [String] {
        if let file = scheme.defaultTestPlan?.file { return file.runTargets }
        return scheme.runTestTargets.map(\.value)
    }

    /// The platforms a scheme is tested on: its main target's; for a scheme that builds no app or framework (a
    /// test scheme), those of the bundles it tests.
    func testPlatforms(of scheme: ProjectScheme, allowed: [String: [String]]) -> [String] {
        if mainTarget(of: scheme) != nil { return platforms(of: scheme) }
        var result: [String] = []
        for name in testedTargets(of: scheme) {
            for platform in allowed[name] ?? [] where !result.contains(platform) { result.append(platform) }
        }
        return result
    }

    /// The test targets to run, with every platform each builds for (one per supported destination); UI tests only
    /// when asked for.
    private func allowedTests(_ notes: inout [String]) -> [String: [String]] {
        var allowed: [String: [String]] = [:]
        var leftOut: [String] = []
        let inSchemes = Set(schemes.flatMap(testedTargets))
        for target in model.targets where target.isTest {
            guard inSchemes.contains(target.name) else {
                notes.append("test target '\(target.name)' is in no scheme's test action, so no command runs it")
                continue
            }
            let platforms = target.platforms.filter(Self.isKnown)
            guard !platforms.isEmpty else {
                notes.append("test target '\(target.name)' names no platform Slipway knows, so no command runs it")
                continue
            }
            if target.isUITest, !options.uiTests {
                leftOut.append(target.name)
                continue
            }
            allowed[target.name] = platforms
        }
        if !leftOut.isEmpty {
            notes.append(
                "UI tests left out: \(leftOut.joined(separator: ", ")) (add them with --ui-tests or 'run.uiTests: true')"
            )
        }
        return allowed
    }

    /// `xcodebuild test` for one run: the scheme's default test plan named, so the plan stays the one that runs;
    /// bundles of the scheme it is not the one to run skipped; unsigned on a simulator or this Mac unless
    /// `run.codeSigning`.
    private func command(_ run: TestRun) -> [String] {
        let destination = testDestination(run.platform)
        var argv = xcodebuild("test", scheme: run.scheme.name, destination: destination)
        if let plan = run.scheme.defaultTestPlan {
            argv += ["-testPlan", Self.testPlanName(plan.path.value)]
        }
        if !run.targets.isEmpty {
            for name in testedTargets(of: run.scheme) where !run.targets.contains(name) {
                argv.append("-skip-testing:\(name)")
            }
        }
        if !options.codeSigning, destination.contains("Simulator") || destination.hasPrefix("platform=macOS") {
            argv.append("CODE_SIGNING_ALLOWED=NO")
        }
        return argv
    }

    /// `-testPlan` takes the plan's name: its file name without `.xctestplan`.
    static func testPlanName(_ path: String) -> String {
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".xctestplan") { name.removeLast(".xctestplan".count) }
        return name
    }
}
