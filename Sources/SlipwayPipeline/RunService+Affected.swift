import SlipwayConfig
import SlipwayCore
import SlipwayDetection
import SlipwayWorkspace

extension RunService {
    /// `run --affected`: the derived xcodebuild commands of the schemes the change since the previous release
    /// affects (as `detect` names them), the others left out with a note (in the plan's notes, which the dry run
    /// and the run print) naming them. Configured stages, and commands that name no scheme (`xcodegen generate`),
    /// run as they are.
    func affectedOnly(_ plan: StagePlan) throws -> StagePlan {
        var plan = plan
        guard case .derived = plan.origin else {
            plan.notes.append("--affected filters derived stages only; the configured stages all run")
            return plan
        }
        let service = try DetectService(workspace: workspace)
        let head = try service.repository.resolveCommit("HEAD")
        let verdict = try service.detector.judgeSincePreviousRelease(head: head)
        guard let reach = service.reach(of: verdict) else {
            plan.notes.append("--affected: the spec at HEAD cannot be read; every stage runs")
            return plan
        }
        var (kept, skipped) = plan.keepingSchemes(Set(reach.affected.flatMap(\.schemes)))
        let range = VerdictReport.range(verdict)
        if !skipped.isEmpty {
            kept.notes.append("--affected: skipping \(skipped.joined(separator: ", ")) (not affected by \(range))")
        }
        return kept
    }
}

extension StagePlan {
    /// The plan with only the commands whose `-scheme` is in `schemes` (others without `-scheme` kept); a stage
    /// left with no command is dropped. Also returns the schemes left out, each once, in plan order.
    func keepingSchemes(_ schemes: Set<String>) -> (plan: StagePlan, skipped: [String]) {
        var skipped: [String] = []
        var stages: [Stage] = []
        for var stage in self.stages {
            guard case .programs(let programs) = stage.command else {
                stages.append(stage)
                continue
            }
            let kept = programs.filter { argv in
                guard let index = argv.firstIndex(of: "-scheme"), index + 1 < argv.count else { return true }
                let scheme = argv[index + 1]
                if schemes.contains(scheme) { return true }
                if !skipped.contains(scheme) { skipped.append(scheme) }
                return false
            }
            guard !kept.isEmpty else { continue }
            stage.command = .programs(kept)
            stages.append(stage)
        }
        var plan = self
        plan.stages = stages
        return (plan, skipped)
    }
}
