import Foundation
import SlipwayGit

/// The spec files a commit's spec pulls in through `include:`, followed recursively: a thin adapter that runs the
/// Spec module's include resolution (`SpecIncludeWalker`, the same as `slipway version`'s) on a commit's tree.
///
/// Paths resolve exactly as XcodeGen resolves them: against the including file's folder or the project root
/// (`projectRoot` in `.slipway.yml`), honouring `relativePaths`, `enable`, `${VAR}` and glob patterns. A file that is
/// missing, unreadable or malformed contributes its own path and nothing more, so judging a commit never fails on
/// its spec. Paths are repository-relative; files outside the repository are left out.
package enum SpecIncludes {
    /// `spec` and `projectRoot` are relative to the repository root; `source` is a commit's files, or a wrapper of
    /// them (`SpecIncludeCache` notes what is read).
    static func paths<Source: SpecFileSource & CommitTreeAddressing>(
        spec: String, projectRoot: String?, environment: [String: String], source: Source
    ) -> Set<String> {
        let root = source.root
        // A commit's tree holds nothing outside the repository: the boundary only keeps the walker's one rule.
        let walker = SpecIncludeWalker(
            source: source, environment: environment, policy: .bestEffort,
            boundary: SpecBoundary(root: root, isRepository: true), access: .read)
        let specFile = SpecPath.normalize(SpecPath.join(root, spec))
        let visits =
            (try? walker.walk(
                spec: specFile, projectRoot: projectRoot.map { SpecPath.normalize(SpecPath.join(root, $0)) })) ?? []
        var found = Set<String>()
        // The root spec is the caller's own path; only what it pulls in is returned.
        for visit in visits.dropFirst() {
            if let path = source.relative(visit.path), !path.isEmpty { found.insert(path) }
        }
        return found
    }

    /// Folds `.` and `..` segments so paths compare with the repository's own (`""` for the root).
    package static func normalize(_ path: String) -> String {
        let normalized = SpecPath.normalize(path)
        return normalized == "." ? "" : normalized
    }
}
