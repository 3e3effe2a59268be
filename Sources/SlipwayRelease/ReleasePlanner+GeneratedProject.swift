import Foundation
import SlipwayConfig
import SlipwayCore
import SlipwayPipeline
import SlipwaySpec

extension ReleasePlanner {
    /// The generated project's `project.pbxproj` when git tracks it: the release commit must hold it regenerated
    /// from the new spec, or it would say the old version while `project.yml` says the new one. The `generate`
    /// stage regenerates it (derived stages keep one for a release, and `--skip-stages` still runs it); without
    /// one, the release is refused with the reason.
    func generatedProject(_ inventory: VersionInventory, stages: StagePlan) throws -> [String] {
        guard let root = inventory.spec.root.file.root, let name = root["name"], name.kind == .scalar,
            !name.isNull
        else { return [] }
        let folder = (inventory.spec.root.rootRelativePath as NSString).deletingLastPathComponent
        let project = (folder.isEmpty ? "" : folder + "/") + name.scalar + ".xcodeproj/project.pbxproj"
        guard try repository.isTracked(project) else { return [] }
        guard stages.stages.contains(where: { $0.name == "generate" && !$0.invocations.isEmpty }) else {
            throw Failure(
                "cannot release: git tracks the generated \(project.cQuotedIfNeeded), and no 'generate' stage "
                    + "regenerates it: the release commit would hold the new version in the spec and the old one in "
                    + "the project",
                hint: "add a stage named 'generate' (for example 'xcodegen generate') to 'stages:' in "
                    + "\(Configuration.fileName), or stop tracking the project "
                    + "(git rm -r --cached \((project as NSString).deletingLastPathComponent))")
        }
        return [project]
    }
}
