import SlipwayCore
import SlipwaySpec
import SlipwayYAML

/// XcodeGen's way from spec files to one dictionary: each file read with `${VAR}` expanded and its paths prefixed
/// with its folder (`relativePaths`), includes merged under the including file (`SpecFile.mergedDictionary`), then
/// `Project.resolveProject`: platform lists split, target templates and scheme templates applied, platform lists
/// (now from templates) split again.
struct SpecResolution {
    var warnings: [ProjectWarning] = []

    /// The merged dictionary of every document, the root's keys winning over its includes', later includes over
    /// earlier ones.
    mutating func merge(_ spec: LoadedSpec, environment: [String: String], values cache: SpecValueCache? = nil)
        throws(SpecError) -> ProjectValue
    {
        var values: [ProjectValue] = []
        var children: [Int: [Int]] = [:]
        for (index, document) in spec.documents.enumerated() {
            let read: ProjectValue
            if let cache {
                read = try cache.value(of: document.file, environment: environment)
            } else {
                var reader = ProjectValueReader(file: document.file, environment: environment)
                read = try reader.read()
            }
            values.append(read.prefixingPaths(document.pathPrefix))
            if let parent = document.includedBy { children[parent, default: []].append(index) }
        }
        func merged(_ index: Int) -> ProjectValue {
            let empty = ProjectValue(.mapping([]), at: values[index].location)
            let base = (children[index] ?? []).reduce(empty) { merged($1).merged(onto: $0) }
            return values[index].merged(onto: base)
        }
        return merged(0)
    }

    /// `Project.resolveProject`.
    mutating func resolveProject(_ spec: ProjectValue) -> ProjectValue {
        var spec = splitPlatforms(spec)
        spec = applyTemplates(spec, base: "targets", templates: "targetTemplates", nameVariable: "target_name")
        spec = applyTemplates(spec, base: "schemes", templates: "schemeTemplates", nameVariable: "scheme_name")
        return splitPlatforms(spec)
    }

    /// `Target.resolveMultiplatformTargets`: a target whose `platform` is a list becomes one target per platform,
    /// named `<platformPrefix><name><platformSuffix>` (default suffix `_<platform>`), `${platform}` expanded,
    /// `PRODUCT_NAME` and `productName` kept as the original name, `deploymentTarget` taken for the platform.
    func splitPlatforms(_ spec: ProjectValue) -> ProjectValue {
        guard let targets = spec["targets"], targets.isMapping else { return spec }
        var result: [ProjectValue.Entry] = []
        for entry in targets.entries {
            guard let platforms = entry.value["platform"], platforms.isSequence else {
                result.append(entry)
                continue
            }
            for platformValue in platforms.items {
                guard let platform = platformValue.string else { continue }
                result.append(splitTarget(entry, platform: platform, at: platformValue.location))
            }
        }
        // A name made twice keeps its last target, placed last, as a dictionary written in this order would hold
        // it; kept in one pass over the names, not a search of the list for every target.
        var last: [String: Int] = [:]
        for (position, entry) in result.enumerated() { last[entry.key] = position }
        let kept = result.enumerated().filter { last[$0.element.key] == $0.offset }.map(\.element)
        return spec.setting("targets", ProjectValue(.mapping(kept), at: targets.location))
    }

    private func splitTarget(_ entry: ProjectValue.Entry, platform: String, at location: SourceLocation)
        -> ProjectValue.Entry
    {
        var target = entry.value.setting("isMultiPlatformTarget", .string("true", at: location))
        target = target.expanding(["platform": platform])
        target = target.setting("platform", .string(platform, at: location))
        let suffix = target["platformSuffix"]?.string ?? "_\(platform)"
        let prefix = target["platformPrefix"]?.string ?? ""
        var settings = target["settings"] ?? ProjectValue(.mapping([]), at: entry.keyLocation)
        if !settings.isMapping { settings = ProjectValue(.mapping([]), at: settings.location) }
        let productName = ProjectValue.string(entry.key, at: entry.keyLocation)
        if settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil {
            var base = settings["base"] ?? ProjectValue(.mapping([]), at: settings.location)
            if base["PRODUCT_NAME"] == nil { base = base.setting("PRODUCT_NAME", productName) }
            settings = settings.setting("base", base)
        } else if settings["PRODUCT_NAME"] == nil {
            settings = settings.setting("PRODUCT_NAME", productName)
        }
        target = target.setting("productName", productName).setting("settings", settings)
        if let deployment = target["deploymentTarget"], deployment.isMapping {
            target =
                deployment[platform].map { target.setting("deploymentTarget", $0) }
                ?? target.removing("deploymentTarget")
        }
        return ProjectValue.Entry(key: prefix + entry.key + suffix, keyLocation: entry.keyLocation, value: target)
    }

    /// `resolveTemplates`: the templates a target (or scheme) names, nested ones included, merged in order under
    /// it; then `${target_name}` (or `${scheme_name}`) and each `templateAttributes` entry replaced in its strings.
    mutating func applyTemplates(_ spec: ProjectValue, base: String, templates key: String, nameVariable: String)
        -> ProjectValue
    {
        guard let references = spec[base], references.isMapping else { return spec }
        let templates = spec[key] ?? ProjectValue(.mapping([]), at: spec.location)
        var result: [ProjectValue.Entry] = []
        for entry in references.entries {
            var reference = entry.value
            let names = collect(reference, in: templates)
            if !names.isEmpty {
                let merged = names.compactMap { templates[$0] }.reduce(
                    ProjectValue(.mapping([]), at: reference.location)
                ) {
                    $1.merged(onto: $0)
                }
                reference = reference.merged(onto: merged)
                // XcodeGen's `expand(variables:)`: keys as well as values, so `${target_name}: all` is a target.
                reference = reference.expanding([nameVariable: entry.key])
                if let attributes = reference["templateAttributes"], attributes.isMapping {
                    let strings = attributes.entries.compactMap { entry in entry.value.string.map { (entry.key, $0) } }
                    // XcodeGen reads the attributes only when every value is a string.
                    if strings.count == attributes.entries.count {
                        reference = reference.expanding(Dictionary(strings, uniquingKeysWith: { first, _ in first }))
                    } else {
                        warnings.append(
                            ProjectWarning(
                                "'templateAttributes' holds a value that is not a string, so XcodeGen applies none of them",
                                at: attributes.location, hint: "quote each value"))
                    }
                }
            }
            result.append(.init(key: entry.key, keyLocation: entry.keyLocation, value: reference))
        }
        return spec.setting(base, ProjectValue(.mapping(result), at: references.location))
    }

    /// `collectTemplates`: each named template, then the templates it names, depth first, each once. A name
    /// without a template is skipped, as XcodeGen skips it, with a warning.
    private mutating func collect(_ reference: ProjectValue, in templates: ProjectValue) -> [String] {
        var all: [String] = []
        var index = 0
        func visit(_ value: ProjectValue) {
            guard let list = value["templates"] else { return }
            guard list.isSequence else {
                warnings.append(
                    ProjectWarning(
                        "'templates' is \(list.kindName), so XcodeGen applies none", at: list.location,
                        hint: "write the template names as a list: templates: [\(list.string ?? "Name")]"))
                return
            }
            for item in list.items {
                guard let name = item.string, !all.contains(name) else { continue }
                guard let template = templates[name] else {
                    warnings.append(
                        ProjectWarning(
                            "there is no template named '\(name)'; XcodeGen skips it", at: item.location,
                            hint: "define it under targetTemplates: or schemeTemplates:, or remove the name"))
                    continue
                }
                all.insert(name, at: index)
                visit(template)
                index += 1
            }
        }
        visit(reference)
        return all
    }
}

/// Spec files as `ProjectValueReader` reads them, by their bytes: `detect --each` resolves a model for every version
/// of the spec, and a version mostly changes one file of several.
public final class SpecValueCache {
    private struct Key: Hashable {
        var path: String
        var bytes: [UInt8]
        var quotesSource: Bool

        // The bytes hashed as one buffer: an array hashes element by element.
        func hash(into hasher: inout Hasher) {
            hasher.combine(path)
            hasher.combine(quotesSource)
            hasher.combine(bytes.count)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    private var values: [Key: ProjectValue] = [:]
    private var order: [Key] = []
    private var environment: [String: String]?
    /// Files kept: a few versions of every file of a spec.
    private static let limit = 256

    public init() {}

    /// What `file` reads as under `environment`; a cache serves one environment (another empties it).
    func value(of file: YAMLFile, environment: [String: String]) throws(SpecError) -> ProjectValue {
        if self.environment != environment {
            values.removeAll()
            order.removeAll()
            self.environment = environment
        }
        let key = Key(path: file.path, bytes: file.bytes, quotesSource: file.quotesSource)
        if let known = values[key] { return known }
        var reader = ProjectValueReader(file: file, environment: environment)
        let value = try reader.read()
        values[key] = value
        order.append(key)
        if order.count > Self.limit { values.removeValue(forKey: order.removeFirst()) }
        return value
    }
}
