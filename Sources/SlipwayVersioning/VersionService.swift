import SlipwayCore
import SlipwaySpec

/// `slipway version`: the effective marketing version and build number, and every place that defines them.
public struct VersionService {
    public let context: SpecContext

    public init(context: SpecContext) {
        self.context = context
    }

    public func inventory(_ options: SpecContext.Options) throws -> VersionInventory {
        try VersionInventory.read(try context.locate(options), context: context, access: .read)
    }

    /// Prints the report; exit 1 when the definitions disagree, 2 when there is nothing to report.
    ///
    /// Reading never refuses a value it can show: an unquoted value YAML misreads (`0099`, `1.10`) is listed as
    /// written, with a warning on stderr; only `bump` refuses to start from it.
    public func run(_ options: SpecContext.Options, json: Bool, console: Console) throws -> ExitStatus {
        let inventory = try inventory(options)
        try inventory.requireAnyDefinition()
        for definition in inventory.misreadLiterals {
            console.err(inventory.misread(definition).renderedAsWarning + "\n")
        }
        if json {
            let usage = try VersionUsage(inventory: inventory, environment: context.environment)
            console.out(VersionReport.json(inventory, usage: usage).compact() + "\n")
        } else {
            console.out(VersionReport.text(inventory))
        }
        let agree = VersionDefinition.Kind.allCases.allSatisfy { inventory.agrees($0) }
        return agree ? .success : .negative
    }
}
