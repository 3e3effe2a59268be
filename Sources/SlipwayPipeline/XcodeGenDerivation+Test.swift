import SlipwayProject

extension XcodeGenDerivation {
    /// One scheme's share of the tests: the targets it is the one to run, on one platform.
    struct TestRun {
        var scheme: ProjectScheme
        var platform: String
        var targets: [String]
    }

    func test() -> (commands: [[String]], notes: [String]) {
        var notes: [String] = []
        let allowed = allowedTests(&notes)
        var remaining = Set(allowed.keys)
        var runs: [TestRun] = []
        var chosen: Set<String> = []
        // Ties go to schemes named after their main target, UI-test schemes last, as the build stage orders them.
        let schemes = buildOrder()
        // Greedy: the scheme that runs the most remaining targets goes first, so a scheme whose test action
        // covers several targets is not repeated through each target's own scheme.
        while !remaining.isEmpty {
            var best: (index: Int, count: Int)?
            for (index, scheme) in schemes.enumerated() where !chosen.contains(scheme.name) {
                let count = scheme.runTestTargets.filter { remaining.contains($0.value) }.count
                if count > 0, count > (best?.count ?? 0) { best = (index, count) }
            }
            guard let best else { break }
            let scheme = schemes[best.index]
            chosen.insert(scheme.name)
            let mine = scheme.runTestTargets.map(\.value).filter { remaining.contains($0) }
            remaining.subtract(mine)
            var platforms: [String] = []
            for name in mine where !platforms.contains(allowed[name] ?? "") { platforms.append(allowed[name] ?? "") }
            for platform in platforms {
                runs.append(
                    TestRun(scheme: scheme, platform: platform, targets: mine.filter { allowed[$0] == platform }))
            }
        }
        for scheme in schemes where !chosen.contains(scheme.name) {
            if !scheme.testPlans.isEmpty, scheme.runTestTargets.isEmpty, let platform = platforms(of: scheme).first {
                notes.append("scheme '\(scheme.name)' tests through a test plan, whose targets Slipway cannot see")
                runs.append(TestRun(scheme: scheme, platform: platform, targets: []))
            } else if scheme.runTestTargets.contains(where: { allowed[$0.value] != nil }) {
                notes.append("scheme '\(scheme.name)' is not tested: other schemes run its test targets")
            }
        }
        return (runs.map(command), notes)
    }

    /// The test targets to run, with the platform each runs on (its first); UI tests only when asked for.
    private func allowedTests(_ notes: inout [String]) -> [String: String] {
        var allowed: [String: String] = [:]
        var leftOut: [String] = []
        let inSchemes = Set(schemes.flatMap(\.runTestTargets).map(\.value))
        for target in model.targets where target.isTest {
            guard inSchemes.contains(target.name) else {
                notes.append("test target '\(target.name)' is in no scheme's test action, so no command runs it")
                continue
            }
            guard let platform = target.platforms.first(where: Self.isKnown) else {
                notes.append("test target '\(target.name)' names no platform Slipway knows, so no command runs it")
                continue
            }
            if target.isUITest, !options.uiTests {
                leftOut.append(target.name)
                continue
            }
            allowed[target.name] = platform
        }
        if !leftOut.isEmpty {
            notes.append(
                "UI tests left out: \(leftOut.joined(separator: ", ")) (add them with --ui-tests or 'run.uiTests: true')"
            )
        }
        return allowed
    }

    /// `xcodebuild test` for one run; targets of the scheme it is not the one to run are skipped.
    private func command(_ run: TestRun) -> [String] {
        var argv = xcodebuild("test", scheme: run.scheme.name, destination: testDestination(run.platform))
        if !run.targets.isEmpty {
            for name in run.scheme.runTestTargets.map(\.value) where !run.targets.contains(name) {
                argv.append("-skip-testing:\(name)")
            }
        }
        return argv
    }
}
