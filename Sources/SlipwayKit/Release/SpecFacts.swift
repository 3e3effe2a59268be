import Foundation
import SlipwayYAML

/// The project name and version numbers a spec states at a commit, for the manifest.
///
/// Versions are found by the same `VersionLocator` the bump edits with (project, setting group, target and target
/// template settings in each of XcodeGen's forms, and Info.plist properties); references such as
/// `$(MARKETING_VERSION)` or `${APP_VERSION}` are not versions. When definitions disagree, the most used value is
/// reported. Files the spec includes are not followed: they would have to be read from the same commit's tree, and
/// the manifest only reports the version (a release sets the versions it made itself).
struct SpecFacts {
    var name: String?
    var marketing: String?
    var build: String?

    init(bytes: [UInt8], path: String, root: URL) {
        let file: YAMLFile
        do {
            file = try YAMLFile(path: path, bytes: bytes)
        } catch {
            // A spec that does not parse at that commit leaves the facts unknown, as a commit without a spec does.
            return
        }
        guard let node = file.root, node.kind == .mapping else { return }
        if let name = node["name"], name.kind == .scalar, !name.isNull { self.name = name.scalar }
        let url = root.appendingPathComponent(path)
        let spec = LoadedSpec(location: SpecLocation(spec: url),
                              documents: [SpecDocument(url: url, displayPath: path, rootRelativePath: path, file: file,
                                                         includedFrom: nil, includedBy: nil)])
        let inventory: VersionInventory
        do {
            inventory = try VersionInventory(spec: spec)
        } catch {
            // Definitions the bump would refuse (a mapping where a version belongs) are not worth failing a record for.
            return
        }
        marketing = inventory.values(.marketing).first?.value
        build = inventory.values(.build).first?.value
    }
}
