import Foundation
import SlipwayCore
import SlipwayGit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension ReleaseService {
    /// Removes the temporary files an atomic write (`AtomicFileWriter`: `.<name>.slipway-XXXXXX` beside the file it
    /// replaces) left when the release stopped in the middle of it: beside each spec file, and in the manifest's
    /// folder beside `manifest.json` and `checksums.txt`. One line for each file removed.
    func removeWriteLeftovers(_ journal: ReleaseJournal) -> [String] {
        var folders: [URL: Set<String>?] = [:]
        for update in journal.specUpdates {
            let folder = update.url.deletingLastPathComponent()
            folders[folder] = (folders[folder] ?? []).map { $0.union([update.url.lastPathComponent]) }
        }
        // The manifest's folder holds only what the release writes there: any leftover of ours goes (`nil`: any name).
        for folder in manifestFolders(journal) { folders[folder] = .some(nil) }
        var removed: [String] = []
        for (folder, names) in folders {
            let entries: [String]
            do {
                entries = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            } catch {
                continue // A folder that cannot be listed holds no leftover of ours to remove.
            }
            for entry in entries where Self.isLeftover(entry, of: names) {
                let url = folder.appendingPathComponent(entry)
                if unlink(url.path) == 0 {
                    let shown = DisplayPath.of(url.path, relativeTo: workspace.root.path, outside: .climbing)
                    removed.append("removed \(shown.cQuotedIfNeeded), a temporary file the interrupted write left")
                }
            }
        }
        return removed.sorted()
    }

    /// `.<name>.slipway-` and six characters, for a name in `names` (any name when `nil`).
    static func isLeftover(_ entry: String, of names: Set<String>?) -> Bool {
        let marker = ".slipway-"
        guard entry.hasPrefix("."), let range = entry.range(of: marker, options: .backwards),
            entry[range.upperBound...].count == 6
        else { return false }
        let name = String(entry[entry.index(after: entry.startIndex)..<range.lowerBound])
        return !name.isEmpty && (names?.contains(name) ?? true)
    }

    /// The folders the manifest step writes to: those of the files it recorded, or the one its template names for
    /// the release commit when it stopped before recording them.
    private func manifestFolders(_ journal: ReleaseJournal) -> Set<URL> {
        var folders = Set(
            journal.manifestFiles.map { workspace.root.appendingPathComponent($0).deletingLastPathComponent() })
        if let commit = journal.releaseCommit.flatMap(OID.init(hex:)) {
            let values = [
                "version": ManifestWriter.pathSafe(journal.version),
                "build": journal.build.map(ManifestWriter.pathSafe) ?? "", "commit": commit.short,
            ]
            let manifest = workspace.root.appendingPathComponent(journal.manifestTemplate.renderOmittingEmpty(values))
            folders.insert(manifest.deletingLastPathComponent())
        }
        return folders
    }
}
