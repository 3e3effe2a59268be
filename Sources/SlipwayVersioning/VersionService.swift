import SlipwayConfig
import SlipwayCore
import SlipwaySpec
import SlipwayWorkspace

/// `slipway version`: the effective marketing version and build number, and every place that defines them.
public struct VersionService {
    public let workspace: Workspace

    public init(workspace: Workspace) {
        self.workspace = workspace
    }

    public func inventory(_ options: SpecLocator.Options) throws -> VersionInventory {
        try workspace.versions(at: try workspace.locate(options), access: .read)
    }

    /// Prints the report; exit 1 when the definitions disagree, 2 when there is nothing to report.
    ///
    /// Reading never refuses a value it can show: an unquoted value YAML misreads (`0099`, `1.10`) is listed as
    /// written, with a warning on stderr; only `bump` refuses to start from it.
    public func run(_ options: SpecLocator.Options, json: Bool, console: Console) throws -> ExitStatus {
        let configuration = workspace.configuration
        if configuration.selectedApp == nil, !configuration.apps.isEmpty, options.spec == nil {
            return try runEach(configuration.apps.map(configuration.scoped(to:)), json: json, console: console)
        }
        let location = try workspace.locate(options)
        let inventory = try workspace.versions(at: location, access: .read)
        let places = try VersionPlaces.read(inventory, location: location, workspace: workspace)
        if places.places.isEmpty { try inventory.requireAnyDefinition() }
        for definition in inventory.misreadLiterals {
            console.err(inventory.misread(definition).renderedAsWarning + "\n")
        }
        if json {
            let usage = try VersionUsage(inventory: inventory, environment: workspace.environment)
            console.out(VersionReport.json(inventory, usage: usage, places: places).compact() + "\n")
        } else {
            VersionReport.write(inventory, places: places) { console.out($0) }
        }
        let agree = VersionDefinition.Kind.allCases.allSatisfy {
            inventory.agrees($0) && places.agrees($0, with: inventory.effective($0))
        }
        return agree ? .success : .negative
    }

    /// `slipway version` with several apps and no `--app`: each app's versions in turn (JSON: `apps`, one report
    /// each); exit 1 when any app's definitions disagree.
    func runEach(_ configurations: [Configuration], json: Bool, console: Console) throws -> ExitStatus {
        var reports: [JSON] = []
        var texts: [String] = []
        var agree = true
        for configuration in configurations {
            let scoped = workspace.with(configuration)
            let location = try scoped.locate()
            let inventory = try scoped.versions(at: location, access: .read)
            let places = try VersionPlaces.read(inventory, location: location, workspace: scoped)
            if places.places.isEmpty { try inventory.requireAnyDefinition() }
            let name = configuration.selectedApp?.name ?? ""
            agree =
                agree
                && VersionDefinition.Kind.allCases.allSatisfy {
                    inventory.agrees($0) && places.agrees($0, with: inventory.effective($0))
                }
            var report = VersionReport.json(inventory, places: places)
            if case .object(var fields) = report {
                fields["app"] = .string(name)
                report = .object(fields)
            }
            reports.append(report)
            let targets = inventory.app.map { $0.targets.sorted().joined(separator: ", ") } ?? ""
            texts.append(
                "app \(name)  (\(inventory.spec.root.displayPath): \(targets))\n"
                    + VersionReport.text(inventory, places: places))
        }
        console.out(json ? JSON.object(["apps": .array(reports)]).compact() + "\n" : texts.joined(separator: "\n"))
        return agree ? .success : .negative
    }
}

extension VersionService {
    /// The one marketing version and build number the targets ship: the spec's literals (those not shadowed
    /// everywhere) with the xcconfig, Info.plist and committed-project lines a target ships (`VersionPlaces`, as a bump
    /// reads them); `nil` for a kind without a value, or whose values differ. A release reads what it ships as it is
    /// here (an unreleased version, the previous version of a build-only release).
    public func shipped(_ inventory: VersionInventory, options: SpecLocator.Options, committedProject: Bool = false)
        throws -> (marketing: String?, build: String?)
    {
        let places = try VersionPlaces.read(
            inventory, location: try workspace.locate(options), workspace: workspace,
            committedProject: committedProject)
        func value(_ kind: VersionDefinition.Kind) -> String? {
            guard places.firstShipped(kind) != nil else { return inventory.effective(kind) }
            var values: [String] = []
            for (index, definition) in inventory.definitions.enumerated()
            where definition.kind == kind && !definition.isReference && !places.shadows(spec: index) {
                values.append(definition.value)
            }
            for index in places.places.indices where places.shipsLiteral(index, kind) {
                values.append(places.places[index].value)
            }
            let distinct = values.uniqued()
            return distinct.count == 1 ? distinct[0] : nil
        }
        return (value(.marketing), value(.build))
    }
}
