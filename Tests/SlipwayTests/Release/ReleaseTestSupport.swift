import Foundation
import SlipwayCore
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Repositories and snapshots for `slipway release` tests.
enum ReleaseRepository {
    /// Stages that record what they saw (the SLIPWAY_* values, the versions in the spec on disk) and produce an
    /// artifact named after the new version.
    static let recordingStages = """
        stages:
          - name: check
            run: |
              mkdir -p build
              env | grep '^SLIPWAY_' | sort > build/env.txt
              grep -E 'MARKETING_VERSION|CURRENT_PROJECT_VERSION' project.yml > build/spec.txt
          - name: archive
            run: printf 'MyApp %s (%s)\\n' "$SLIPWAY_VERSION" "$SLIPWAY_BUILD" > "build/MyApp-$SLIPWAY_VERSION.zip"
        artifacts:
          - build/*.zip

        """

    /// `ReleaseFixture.released()` (v1.2.0, then a shared-code change and build 42, so auto means minor) with
    /// `.slipway.yml` and a `.gitignore` of `build/` committed.
    static func make(config: String = recordingStages) throws -> TestRepository {
        let repo = try ReleaseFixture.released()
        try repo.write(".slipway.yml", config)
        try repo.write(".gitignore", "build/\n")
        try repo.commit("Configure slipway")
        return repo
    }

    /// Every ref with the object it points to, and where HEAD points: what a release that did nothing leaves equal.
    static func refs(_ repo: TestRepository) throws -> String {
        try repo.git(["for-each-ref", "--format=%(refname) %(objectname)"]) + "HEAD "
            + (try repo.git(["symbolic-ref", "HEAD"]))
            + (try repo.head())
    }

    static func readManifest(_ repo: TestRepository, _ path: String) throws -> JSON {
        try ReleaseFixture.readJSON(repo.url.appendingPathComponent(path))
    }
}

/// Every file, folder and link under a folder (recursively, `.git` included): bytes, permission bits, link target.
struct TreeSnapshot: Equatable {
    var entries: [String: FileSnapshot]

    init(_ root: URL) throws {
        entries = [:]
        let manager = FileManager.default
        guard let walker = manager.enumerator(atPath: root.path) else { return }
        while let relative = walker.nextObject() as? String {
            let url = root.appendingPathComponent(relative)
            let attributes = try manager.attributesOfItem(atPath: url.path)
            let mode = (attributes[.posixPermissions] as? Int) ?? -1
            switch attributes[.type] as? FileAttributeType {
            case .typeSymbolicLink?:
                entries[relative] = FileSnapshot(
                    bytes: [], mode: mode, link: try manager.destinationOfSymbolicLink(atPath: url.path))
            case .typeDirectory?:
                entries[relative + "/"] = FileSnapshot(bytes: [], mode: mode, link: nil)
            default:
                entries[relative] = FileSnapshot(bytes: Array(try Data(contentsOf: url)), mode: mode, link: nil)
            }
        }
    }

    /// The paths that differ, for a readable failure.
    func differences(from other: TreeSnapshot) -> [String] {
        Set(entries.keys).union(other.entries.keys).filter { entries[$0] != other.entries[$0] }.sorted()
    }
}

extension TestRepository {
    /// `git log -1 --format=<format>` of a revision.
    func log(_ format: String, _ revision: String = "HEAD") throws -> String {
        try git(["log", "-1", "--format=\(format)", revision])
    }

    /// Tracked files with changes (`git status --porcelain`, untracked left out).
    func trackedStatus() throws -> String {
        try git(["status", "--porcelain", "--untracked-files=no"])
    }
}
