import SlipwayCore
import SlipwayYAML

extension Configuration {
    /// The names `apps:` lists, in order.
    public var appNames: [String] { apps.map(\.name) }

    /// The configuration one command works with: for `--app <name>` (or the only app) the app's spec, project root,
    /// tag, tag pattern and manifest folder; without `apps:` the file as it is. Several apps and no name is an
    /// error listing them, as is a name `apps:` does not list.
    public func selecting(app name: String?) throws(Failure) -> Configuration {
        guard !apps.isEmpty else {
            guard let name else { return self }
            throw Failure(
                "--app \(name): \(source ?? Configuration.fileName) lists no apps",
                hint: "describe the apps under 'apps:' in \(Configuration.fileName) (see 'slipway init'), or leave "
                    + "out --app")
        }
        if let name {
            guard let app = apps.first(where: { $0.name == name }) else {
                var hint = "the apps are: \(appNames.joined(separator: ", "))"
                if let near = ConfigReader.nearest(name, in: appNames) { hint = "did you mean '\(near)'? " + hint }
                throw Failure("no app named '\(name)' in \(Configuration.fileName)", hint: hint)
            }
            return scoped(to: app)
        }
        guard apps.count == 1 else {
            throw Failure(
                "this repository has \(apps.count) apps (\(appNames.joined(separator: ", "))): choose one with "
                    + "--app <name>",
                hint: "for example --app \(apps[0].name)")
        }
        return scoped(to: apps[0])
    }

    /// This configuration as `app` sees it: the keys it sets replace the shared ones, `{app}` is filled in.
    public func scoped(to app: AppConfig) -> Configuration {
        var scoped = self
        let several = apps.count > 1
        scoped.selectedApp = app
        scoped.spec = app.spec
        scoped.projectRoot = app.projectRoot ?? (app.spec == spec ? projectRoot : nil)
        scoped.release.tag = app.tagTemplate(several: several, configured: release)
        scoped.detect.releaseTagPattern = app.tagPattern(several: several, configured: release, detect: detect)
        if !release.given.contains("manifest") {
            scoped.release.manifest = ReleaseTemplate(".slipway/releases/{app}/{version}+{build}/manifest.json")
        }
        if !release.given.contains("commitMessage") {
            scoped.release.commitMessage = ReleaseTemplate("Release {app} {version} ({build})")
        }
        scoped.release.manifest = ReleaseTemplate(scoped.release.manifest.render(["app": app.name]))
        scoped.release.commitMessage = ReleaseTemplate(scoped.release.commitMessage.render(["app": app.name]))
        return scoped
    }

    /// A sample tag, as a release would make it.
    static func sampleTag(_ template: ReleaseTemplate) -> String {
        template.render(["version": "1.2.3", "build": "45", "app": "app"])
    }

    /// A tag the release makes but the release tag pattern does not match is a release the next run cannot see.
    func checkTags(_ reader: ConfigReader, marks: TagMarks) throws(YAMLError) {
        let several = apps.count > 1
        var checks: [(what: String, tag: ReleaseTemplate, pattern: Glob, at: YAMLNode?)] = []
        // Only a tag the file gives: with the default tag, a lone pattern serves `detect` (`release` checks its tag).
        if apps.isEmpty, release.given.contains("tag") {
            checks.append(("release.tag", release.tag, detect.releaseTagPattern, marks.tag ?? marks.pattern))
        }
        for (index, app) in apps.enumerated() {
            let tag = app.tagTemplate(several: several, configured: release)
            let pattern = app.tagPattern(several: several, configured: release, detect: detect)
            checks.append(("the tag of app '\(app.name)'", tag, pattern, index < marks.apps.count ? marks.apps[index] : nil))
        }
        for check in checks {
            let sample = Configuration.sampleTag(check.tag)
            guard !check.pattern.matches(sample) else { continue }
            let message =
                "\(check.what) '\(check.tag)' makes tags such as \(sample), which the release tag pattern "
                + "'\(check.pattern)' does not match: the next run would not see the release"
            let hint = "make releaseTagPattern match the tags (for example '\(AppConfig.pattern(of: check.tag))'), "
                + "or change the tag"
            guard let node = check.at else { throw YAMLError(message, hint: hint) }
            reader.problems.list.append(reader.file.error(message, at: node, hint: hint))
        }
    }
}

extension Configuration {
    /// `apps:`: a list of mappings, each with a unique `name` and a `spec`; a target belongs to one app at most.
    static func readApps(_ node: YAMLNode, _ reader: ConfigReader) throws(YAMLError) -> [AppConfig] {
        guard node.kind == .sequence else {
            throw reader.file.error(
                "'apps' must be a list, found \(node.kindName)", at: node,
                hint: "write each app as '- name: <name>' with 'spec: <path>' under it")
        }
        var apps: [AppConfig] = []
        var owner: [String: String] = [:]
        for (index, item) in node.items.enumerated() {
            reader.collecting { () throws(YAMLError) in
                let app = try readApp(item, reader, keyPath: "apps[\(index)]")
                if apps.contains(where: { $0.name == app.name }) {
                    throw reader.file.error(
                        "two apps are named '\(app.name)'", at: item, hint: "give every app its own name")
                }
                for target in app.targets ?? [] {
                    if let other = owner[target] {
                        throw reader.file.error(
                            "the target \(target) is listed by both '\(other)' and '\(app.name)'", at: item,
                            hint: "a target's versions belong to one app: list it under one of them")
                    }
                    owner[target] = app.name
                }
                apps.append(app)
            }
        }
        return apps
    }

    private static func readApp(_ node: YAMLNode, _ reader: ConfigReader, keyPath: String) throws(YAMLError)
        -> AppConfig
    {
        var name: String?
        var spec: String?
        var app = AppConfig(name: "", spec: "")
        for (key, value) in try reader.mapping(node, keyPath: keyPath, allowed: AppConfig.keys) {
            let path = "\(keyPath).\(key)"
            reader.collecting { () throws(YAMLError) in
                switch key {
                case "name":
                    let text = try reader.string(value, keyPath: path)
                    guard AppConfig.isValidName(text) else {
                        throw reader.file.error(
                            "'\(path)' must be letters, digits, '.', '_' or '-', found '\(text)'", at: value,
                            hint: "the name goes into tags and folder names, for example holder")
                    }
                    name = text
                case "spec": spec = try readPath(value, reader, key: path, example: "Apps/Holder/project.yml")
                case "projectRoot": app.projectRoot = try readPath(value, reader, key: path, example: ".")
                case "targets": app.targets = try reader.strings(value, keyPath: path)
                case "tag":
                    app.tag = try reader.template(value, keyPath: path, placeholders: ReleaseConfig.tagPlaceholders)
                case "releaseTagPattern": app.releaseTagPattern = Glob(try reader.string(value, keyPath: path))
                default: break
                }
            }
        }
        guard let name, let spec else {
            let missing = name == nil ? "name" : "spec"
            throw reader.file.error(
                "'\(keyPath)' needs '\(missing)'", at: node,
                hint: "every app has a name and the spec that holds its targets (relative to the repository root)")
        }
        app.name = name
        app.spec = spec
        app.location = reader.file.error("", at: node).location
        return app
    }
}
