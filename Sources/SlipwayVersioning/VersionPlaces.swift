import Foundation
import SlipwayCore
import SlipwayProject
import SlipwaySpec
import SlipwayWorkspace

/// A version defined outside the spec: an assignment in an `.xcconfig` file that `configFiles` names (or one it
/// includes).
public struct VersionPlace: Sendable {
    public enum Origin: Sendable, Equatable {
        /// The project's `configFiles` for that configuration (or a file it includes).
        case projectConfigFile(config: String)
        /// A target's `configFiles`.
        case targetConfigFile(target: String, config: String)
        /// The checked-in Info.plist a target's `INFOPLIST_FILE` names (the target has no `info:`).
        case infoPlist(target: String)
        /// The generated `project.pbxproj`, committed: what a build of the committed project ships.
        case projectFile
    }

    public var kind: VersionDefinition.Kind
    public var setting: String
    /// The value as written; `$(…)` values are references, never rewritten.
    public var value: String
    public var isReference: Bool
    public var location: SourceLocation
    /// How reports name it: `MARKETING_VERSION`, `MARKETING_VERSION[config=Release]`.
    public var keyPath: String
    /// Every `configFiles` entry that reads it.
    public var origins: [Origin]
    /// For `$(NAME)`: the place (index in `VersionPlaces.places`) that writes `NAME`, where an edit goes.
    public var definedAt: Int?
    /// Index in `VersionPlaces.files`.
    var file: Int
    var range: Range<Int>
}

/// Which definition a target ships in one configuration, and the ones it shadows, in Xcode's order: `info`
/// literal, target settings, the target's xcconfig, project settings, the project's xcconfig.
public struct VersionWinner: Sendable {
    public enum Source: Hashable, Sendable {
        /// Index in `VersionInventory.definitions`.
        case spec(Int)
        /// Index in `VersionPlaces.places`.
        case place(Int)
    }

    public var target: String
    public var config: String
    public var kind: VersionDefinition.Kind
    public var winner: Source
    public var shadowed: [Source]
}

/// Every version definition the spec's `configFiles` lead to, and for each target and configuration which
/// definition wins. Reads the xcconfig files once; a bump edits the places that ship from the same bytes.
public struct VersionPlaces: Sendable {
    public struct File: Sendable {
        public var url: URL
        public var displayPath: String
        public var rootRelativePath: String
        public var bytes: [UInt8]
    }

    public private(set) var files: [File] = []
    public private(set) var places: [VersionPlace] = []
    public private(set) var winners: [VersionWinner] = []

    public init() {}

    /// Reads the xcconfig files and Info.plists of `model` through `projectFiles`; `repositoryRoot` is what diffs
    /// name files relative to.
    /// `committedProject` is the generated `project.pbxproj` when it is committed (its build settings ship too).
    public init(
        inventory: VersionInventory, model: ProjectModel, projectFiles: ProjectFiles, repositoryRoot: URL,
        committedProject: URL? = nil
    ) throws {
        let boundary = projectFiles.boundary
        let projectRoot = projectFiles.root
        let display = projectFiles.display
        let repositoryPath = RealPath.resolve(repositoryRoot.path)
        var chains: [String: XCConfigChain?] = [:]
        var placeIndex: [String: Int] = [:]
        var fileIndex: [String: Int] = [:]

        var resolved: [Int: Int] = [:]

        /// The index of the file at `url` in `files`, added on first sight.
        func registerFile(_ url: URL, displayPath: String, bytes: [UInt8]) -> Int {
            if let known = fileIndex[url.path] { return known }
            fileIndex[url.path] = files.count
            files.append(
                File(
                    url: url, displayPath: displayPath,
                    rootRelativePath: DisplayPath.of(url.path, relativeTo: repositoryPath, outside: .climbing),
                    bytes: bytes))
            return files.count - 1
        }

        /// The place of `entry` of `found`, made on first sight; later sights add their origin.
        func place(
            _ found: XCConfigChain, _ entry: XCConfigChain.Entry, kind: VersionDefinition.Kind, keyPath: String?,
            origin: VersionPlace.Origin
        ) -> Int {
            let source = found.files[entry.file]
            let id = "\(source.url.path):\(entry.assignment.line)"
            if let existing = placeIndex[id] {
                if !places[existing].origins.contains(origin) { places[existing].origins.append(origin) }
                return existing
            }
            let fileID = registerFile(source.url, displayPath: source.displayPath, bytes: source.bytes)
            let assignment = entry.assignment
            let conditions = assignment.conditions.map { "[\($0.name)=\($0.value)]" }.joined()
            placeIndex[id] = places.count
            places.append(
                VersionPlace(
                    kind: kind, setting: assignment.key, value: assignment.value,
                    isReference: Self.isReference(assignment.value), location: found.location(of: entry),
                    keyPath: keyPath ?? assignment.key + conditions, origins: [origin], file: fileID,
                    range: assignment.valueRange))
            return places.count - 1
        }

        func chain(_ path: Located<String>, origin: VersionPlace.Origin) throws(XCConfigError) -> [Int] {
            let url = URL(fileURLWithPath: RealPath.folded(SpecPath.join(projectRoot.path, path.value)))
            let key = url.path
            if chains[key] == nil {
                chains[key] = try XCConfigChain.read(url, display: display) { (file) throws(XCConfigError) in
                    guard BoundedFile.isInside(RealPath.resolve(file.path), root: boundary) else {
                        throw XCConfigError(
                            "\(display(file)) is outside the repository, so Slipway does not read or edit it",
                            location: path.location, hint: "keep the xcconfig files inside the repository")
                    }
                    do throws(BoundedFile.Refusal) {
                        return try BoundedFile.read(file.path)
                    } catch {
                        throw XCConfigError(
                            "\(display(file)) is \(error.reason)", location: path.location, hint: error.hint)
                    }
                }
            }
            guard let found = chains[key] ?? nil else {
                throw XCConfigError(
                    "configFiles names \(path.value), which does not exist", location: path.location,
                    hint: "fix the path in configFiles, or create the file")
            }
            // Indices of this chain's version assignments, in reading order.
            var result: [Int] = []
            for (position, entry) in found.entries.enumerated() {
                guard let kind = VersionLocator.settingsKinds[entry.assignment.key] else { continue }
                let index = place(found, entry, kind: kind, keyPath: nil, origin: origin)
                result.append(index)
                // `MARKETING_VERSION = $(versionName)` with `versionName = 1.7.4` in the same files (an included
                // properties file): the version is written on that line, so that is the place to edit.
                if let name = Self.soleReference(entry.assignment.value),
                    let defining = found.entries[...].lastIndex(where: {
                        $0.assignment.key == name && $0.assignment.conditions.isEmpty
                    }), defining != position, !Self.isReference(found.entries[defining].assignment.value)
                {
                    let definingEntry = found.entries[defining]
                    let defined = place(
                        found, definingEntry, kind: kind, keyPath: "\(name) (\(entry.assignment.key))", origin: origin)
                    resolved[index] = defined
                    places[index].definedAt = defined
                }
            }
            return result
        }

        let resolver = SettingResolver(model: model)
        let versionKeys = VersionDefinition.Kind.allCases.map { $0.settings[1] }

        /// The literal versions of the target's checked-in Info.plist (`INFOPLIST_FILE`, no `info:`).
        func plistPlaces(_ target: ProjectTarget) throws -> [VersionDefinition.Kind: Int] {
            // A plist at `info.path` is XcodeGen's to write from `info.properties` on every generate: no place to
            // bump (doctor's info-version-literal says when that would ship 1.0).
            if target.info != nil { return [:] }
            guard let file = resolver.value("INFOPLIST_FILE", of: target),
                let expanded = resolver.expand(file.value, for: target)
            else { return [:] }
            let url = projectFiles.url(expanded)
            guard let read = try PlistFile(url: url, files: projectFiles).strings(versionKeys) else { return [:] }
            var result: [VersionDefinition.Kind: Int] = [:]
            for value in read.values where !Self.isReference(value.text) {
                guard let kind = VersionLocator.infoKinds[value.key] else { continue }
                let id = "\(url.path):\(value.location.line)"
                if let existing = placeIndex[id] {
                    places[existing].origins.append(.infoPlist(target: target.name))
                    result[kind] = existing
                    continue
                }
                let fileID = registerFile(url, displayPath: projectFiles.display(url), bytes: read.bytes)
                placeIndex[id] = places.count
                result[kind] = places.count
                places.append(
                    VersionPlace(
                        kind: kind, setting: value.key, value: value.text, isReference: false,
                        location: value.location, keyPath: value.key, origins: [.infoPlist(target: target.name)],
                        file: fileID, range: value.range))
            }
            return result
        }

        let configs = model.configs.names
        var projectChains: [String: [Int]] = [:]
        for config in configs {
            if let path = model.configFiles[config] {
                projectChains[config] = try chain(path, origin: .projectConfigFile(config: config))
            }
        }
        var specIndex: [SourceLocation: Int] = [:]
        for (index, definition) in inventory.definitions.enumerated() { specIndex[definition.location] = index }
        let definitions = inventory.definitions
        let scope = inventory.app?.targets

        func specSources(_ settings: ProjectSettings, _ setting: String, _ config: String) -> [VersionWinner.Source] {
            // XcodeGen layers groups, then base, then the config's own: the last written wins.
            let values = settings.values(of: setting, groups: model.settingGroups)
            return values.reversed().filter { $0.config == nil || $0.config == config }.compactMap {
                guard let index = specIndex[$0.value.location], definitions[index].value != "$(inherited)" else {
                    return nil
                }
                return .spec(index)
            }
        }
        func placeSources(_ indices: [Int], _ setting: String, _ config: String) -> [VersionWinner.Source] {
            indices.reversed().filter {
                places[$0].setting == setting && places[$0].value != "$(inherited)"
                    && Self.applies(places[$0].keyPath, to: config)
            }.map { .place(resolved[$0] ?? $0) }
        }

        for target in model.targets {
            if let scope, !scope.contains(target.name) { continue }
            var targetChains: [String: [Int]] = [:]
            for config in configs {
                if let path = target.configFiles[config] {
                    targetChains[config] = try chain(
                        path, origin: .targetConfigFile(target: target.name, config: config))
                }
            }
            let plist = try plistPlaces(target)
            for kind in VersionDefinition.Kind.allCases {
                let setting = kind.settings[0]
                let plistKey = kind.settings[1]
                var info: [VersionWinner.Source] = []
                if let value = model.infoProperty(plistKey, for: target), let index = specIndex[value.location],
                    !definitions[index].isReference
                {
                    info = [.spec(index)]
                } else if let index = plist[kind] {
                    info = [.place(index)]
                }
                for config in configs {
                    let ordered =
                        info + specSources(target.settings, setting, config)
                        + placeSources(targetChains[config] ?? [], setting, config)
                        + specSources(model.settings, setting, config)
                        + placeSources(projectChains[config] ?? [], setting, config)
                    guard let first = ordered.first else { continue }
                    winners.append(
                        VersionWinner(
                            target: target.name, config: config, kind: kind, winner: first,
                            shadowed: Array(ordered.dropFirst())))
                }
            }
        }
        let projectBytes: [UInt8]?
        do {
            projectBytes = try committedProject.flatMap { (url) throws(BoundedFile.Refusal) in
                try BoundedFile.read(url.path)
            }
        } catch {
            throw SpecError(
                "\(committedProject.map(projectFiles.display) ?? "the project") is \(error.reason)", hint: error.hint)
        }
        if let committedProject, let bytes = projectBytes {
            for setting in Self.projectFileSettings(bytes) {
                guard let kind = VersionLocator.settingsKinds[setting.key] else { continue }
                let fileID = registerFile(
                    committedProject, displayPath: projectFiles.display(committedProject), bytes: bytes)
                places.append(
                    VersionPlace(
                        kind: kind, setting: setting.key, value: setting.value,
                        isReference: Self.isReference(setting.value),
                        location: SourceLocation(
                            file: projectFiles.display(committedProject), line: setting.line, column: setting.column),
                        keyPath: setting.key, origins: [.projectFile], file: fileID, range: setting.range))
            }
        }
    }

    static func isReference(_ value: String) -> Bool {
        value.contains("$(") || value.contains("${")
    }

    /// `NAME` when `value` is exactly `$(NAME)` or `${NAME}`.
    static func soleReference(_ value: String) -> String? {
        guard value.count > 3,
            value.hasPrefix("$(") && value.hasSuffix(")") || value.hasPrefix("${") && value.hasSuffix("}")
        else { return nil }
        let name = value.dropFirst(2).dropLast()
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), name != "inherited" else {
            return nil
        }
        return String(name)
    }

    /// Whether an xcconfig key path's `[config=…]` condition (if any) applies to `config`.
    static func applies(_ keyPath: String, to config: String) -> Bool {
        guard let range = keyPath.range(of: "[config=") else { return true }
        let rest = keyPath[range.upperBound...]
        let pattern = String(rest.prefix { $0 != "]" })
        return XCConfigFile.Assignment.matches(pattern, config)
    }

    /// Whether place `index` ships: some target's configuration takes its value, or a committed project holds it.
    public func ships(_ index: Int) -> Bool {
        places[index].origins.contains(.projectFile) || winners.contains { $0.winner == .place(index) }
    }

    /// Whether spec definition `index` is shadowed everywhere a target reads it.
    public func shadows(spec index: Int) -> Bool {
        let involved = winners.filter { $0.winner == .spec(index) || $0.shadowed.contains(.spec(index)) }
        return !involved.isEmpty && involved.allSatisfy { $0.winner != .spec(index) }
    }

    /// The definitions that shadow `source`, as `file:line:column`s.
    public func shadowing(_ source: VersionWinner.Source) -> [VersionWinner.Source] {
        var result: [VersionWinner.Source] = []
        for winner in winners where winner.shadowed.contains(source) && !result.contains(winner.winner) {
            result.append(winner.winner)
        }
        return result
    }
}

extension VersionPlaces {
    /// The places of the spec at `location`; when its files name no xcconfig (`configFiles`), no `INFOPLIST_FILE`
    /// and there is no committed project, none (and no project model is worked out). With `committedProject`, the
    /// generated `project.pbxproj` is read too when it is committed (outside a repository: when it is there);
    /// `release` leaves it to its `generate` stage.
    public static func read(
        _ inventory: VersionInventory, location: SpecLocation, workspace: Workspace, committedProject: Bool = true
    ) throws -> VersionPlaces {
        let projectFiles = ProjectFiles(location, boundary: workspace.root, displayBase: workspace.currentDirectory)
        let project = committedProject ? try Self.committedProject(inventory, projectFiles, workspace) : nil
        guard project != nil || inventory.spec.documents.contains(where: { Self.namesOtherFiles($0.file.bytes) })
        else {
            return VersionPlaces()
        }
        let model = try ProjectModel.resolve(inventory.spec, environment: workspace.environment)
        return try VersionPlaces(
            inventory: inventory, model: model, projectFiles: projectFiles, repositoryRoot: workspace.root,
            committedProject: project)
    }

    /// `<name>.xcodeproj/project.pbxproj` in the project root when git tracks it (outside a repository: when it
    /// exists).
    static func committedProject(_ inventory: VersionInventory, _ files: ProjectFiles, _ workspace: Workspace) throws
        -> URL?
    {
        guard let root = inventory.spec.root.file.root, root.kind == .mapping, let name = root["name"],
            name.kind == .scalar, !name.isNull, !name.scalar.isEmpty
        else { return nil }
        let url = files.url(name.scalar + ".xcodeproj/project.pbxproj")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let repository = workspace.repository else { return url }
        let relative = DisplayPath.of(url.path, relativeTo: RealPath.resolve(workspace.root.path))
        guard !relative.hasPrefix("/") else { return nil }
        return try repository.isTracked(relative) ? url : nil
    }

    /// Whether `bytes` hold `configFiles` or `INFOPLIST_FILE`: a byte search, so a spec that names no file a
    /// version could live in skips the project model.
    static func namesOtherFiles(_ bytes: [UInt8]) -> Bool {
        ["configFiles", "INFOPLIST_FILE"].contains { word in
            let key = Array(word.utf8)
            guard bytes.count >= key.count else { return false }
            var start = 0
            while start <= bytes.count - key.count {
                if bytes[start] == key[0], bytes[start..<start + key.count].elementsEqual(key) { return true }
                start += 1
            }
            return false
        }
    }
}
