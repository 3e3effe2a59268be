import SlipwayConfig
import SlipwayCore
import SlipwaySpec
import SlipwayWorkspace

/// Which version definitions several apps of `apps:` share, read from every app's own inventory: a project-level
/// setting the targets of two apps in one spec inherit, or a file two white-label specs both include. A bump
/// writes such a definition only when every app sharing it is given the same value.
struct AppsSharing {
    /// One app with its spec as `--app` would see it.
    struct App {
        var config: AppConfig
        var workspace: Workspace
        var location: SpecLocation
        var inventory: VersionInventory
        /// The xcconfig files and Info.plists its spec leads to (`VersionPlaces`, as a one-app bump reads them).
        var places: VersionPlaces
    }

    /// A definition (in the spec, or an xcconfig/Info.plist line a target ships), the apps whose versions it sets,
    /// and the targets of its spec no app owns that inherit it.
    struct Place {
        var location: SourceLocation
        var keyPath: String
        var value: String
        var apps: [String]
        var unowned: [String]
    }

    let apps: [App]

    /// Every app's inventory; an app whose spec does not read claims no definition (its own command says why).
    /// `editing` are the apps the bump writes: their specs must read, for editing.
    static func read(_ workspace: Workspace, editing: [String]) throws -> AppsSharing {
        var apps: [App] = []
        for app in workspace.configuration.apps {
            let scoped = workspace.with(workspace.configuration.scoped(to: app))
            let access: SpecAccess = editing.contains(app.name) ? .edit : .read
            let location: SpecLocation
            let inventory: VersionInventory
            let places: VersionPlaces
            do {
                location = try scoped.locate()
                inventory = try scoped.versions(at: location, access: access)
                // The committed project is no app's own: a bump of several apps reads it per app (`BumpService`).
                places = try VersionPlaces.read(
                    inventory, location: location, workspace: scoped, committedProject: false)
            } catch {
                // Another app's spec (or xcconfig) that does not read claims nothing here; its own commands say why.
                guard access == .read else { throw error }
                continue
            }
            apps.append(
                App(config: app, workspace: scoped, location: location, inventory: inventory, places: places))
        }
        return AppsSharing(apps: apps)
    }

    /// The literal definitions of `kind` that more than one app uses, or that targets no app owns inherit too.
    func places(_ kind: VersionDefinition.Kind) -> [Place] {
        var order: [String] = []
        var found: [String: Place] = [:]
        for app in apps {
            for definition in app.inventory.literals(kind) {
                let key = Self.key(definition, in: app.inventory)
                if found[key] == nil {
                    order.append(key)
                    found[key] = Place(
                        location: definition.location, keyPath: definition.keyPath, value: definition.value, apps: [],
                        unowned: [])
                }
                found[key]?.apps.append(app.config.name)
            }
            // An xcconfig or Info.plist line the app's targets ship (one file several specs name is one place).
            for index in app.places.places.indices where app.places.shipsLiteral(index, kind) {
                let place = app.places.places[index]
                let key =
                    "\(app.places.files[place.file].rootRelativePath):\(place.location.line):\(place.location.column)"
                if found[key] == nil {
                    order.append(key)
                    found[key] = Place(
                        location: place.location, keyPath: place.keyPath, value: place.value, apps: [], unowned: [])
                }
                if found[key]?.apps.contains(app.config.name) == false { found[key]?.apps.append(app.config.name) }
            }
            // Targets of this spec that inherit the definition but belong to no app at all.
            let owned = Set(
                apps.filter { $0.config.spec == app.config.spec }.flatMap { Array($0.inventory.app?.targets ?? []) })
            for (definition, others) in app.inventory.shared where definition.kind == kind && !definition.isReference {
                let key = Self.key(definition, in: app.inventory)
                for target in others where !owned.contains(target) && found[key]?.unowned.contains(target) == false {
                    found[key]?.unowned.append(target)
                }
            }
        }
        return order.compactMap { found[$0] }.filter { $0.apps.count > 1 || !$0.unowned.isEmpty }
    }

    /// The same place whichever spec read it: the file (repository-relative) and the value's position.
    static func key(_ definition: VersionDefinition, in inventory: VersionInventory) -> String {
        "\(inventory.document(of: definition).rootRelativePath):\(definition.location.line):\(definition.location.column)"
    }

    /// Refuses writing `values` (app → new value, or a placeholder when the value is not known yet) where a
    /// shared definition would change an app not given one, or take two values. `command` is the one asked.
    func check(_ kind: VersionDefinition.Kind, values: [String: String], command: String) throws(SpecError) {
        try checkUnowned(kind)
        let touched = places(kind).filter { $0.apps.contains(where: { values[$0] != nil }) }
        let flag = kind == .marketing ? "--set" : "--build"
        let placeholder = kind == .marketing ? "<version>" : "<n>"
        let setting = kind.settings[0]
        let own = "give each app's targets their own \(setting) in their settings (targets.<name>.settings.base)"
        let missing = touched.filter { $0.apps.contains { values[$0] == nil } }
        if !missing.isEmpty {
            let given = values.keys.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let sharing = missing.flatMap(\.apps).uniqued()
            let others = sharing.filter { values[$0] == nil }
            let example = sharing.map { "\(flag) \($0)=\(placeholder)" }
            let way =
                command == "release"
                ? releaseWay(kind, sharing: sharing, example: example, own: own)
                : "set every app that shares it in one bump, to the same value (slipway bump "
                    + example.joined(separator: " ") + "); or \(own)"
            throw SpecError(
                "the \(kind.title) of \(given) is defined where the app\(others.count == 1 ? "" : "s") "
                    + "\(others.joined(separator: ", ")) inherit\(others.count == 1 ? "s" : "") it too, so changing "
                    + "it alone would change theirs:\n"
                    + lines(missing) { "shared by \($0.apps.joined(separator: ", "))" },
                hint: way)
        }
        let differing = touched.filter { Set($0.apps.compactMap { values[$0] }).count > 1 }
        if !differing.isEmpty {
            throw SpecError(
                "apps that share one definition of the \(kind.title) were given different values:\n"
                    + lines(differing) { place in
                        place.apps.map { "\($0) \(values[$0] ?? "")" }.joined(separator: ", ")
                    },
                hint: "one definition holds one value: give those apps the same value, or move \(setting) out of the "
                    + "shared place and \(own), so each app has its own")
        }
    }

    /// How a release of one of several apps that share a definition can go. Only commands that then pass are named:
    /// `release build` only where the apps' build numbers are their own.
    private func releaseWay(_ kind: VersionDefinition.Kind, sharing: [String], example: [String], own: String)
        -> String
    {
        let file = Configuration.fileName
        guard kind == .marketing else {
            return "let CI give the build number: 'version: {buildNumberFrom: BUILD_NUMBER}' in \(file) takes it from "
                + "--build <n> or $BUILD_NUMBER and leaves the spec's alone; or \(own)"
        }
        let buildShared = places(.build).contains { $0.apps.contains(sharing[0]) && $0.apps.count > 1 }
        var way =
            "if the apps share one marketing version on purpose, say so with 'version: {sharedByApps: true}' in "
            + "\(file): a release of one app then bumps it, and the release of each other app tags it as it is"
        if !buildShared {
            way +=
                "; or set the apps together first (slipway bump \(example.joined(separator: " "))), commit that, "
                + "then release each app (slipway release build --app \(sharing[0]))"
        }
        return way + "; or \(own)"
    }

    /// Refuses writing `kind` where targets no app of `apps:` owns inherit the definition too.
    func checkUnowned(_ kind: VersionDefinition.Kind) throws(SpecError) {
        let unowned = places(kind).filter { !$0.unowned.isEmpty }
        guard !unowned.isEmpty else { return }
        throw SpecError(
            "the \(kind.title) is defined where targets no app of 'apps:' owns inherit it too, so changing it "
                + "would change theirs:\n" + lines(unowned) { "also \($0.unowned.joined(separator: ", "))" },
            hint: "list those targets under an app in \(Configuration.fileName), or give each app's targets their own "
                + "\(kind.settings[0]) in their settings (targets.<name>.settings.base)")
    }

    private func lines(_ places: [Place], _ note: (Place) -> String) -> String {
        places.map {
            "  \($0.location) \($0.keyPath) = \($0.value)  (\(note($0)))"
        }.joined(separator: "\n")
    }
}
