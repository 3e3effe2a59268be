import SlipwayCore

/// Why an item could not be added to an appcast; none quotes the private key or its variable's value.
public enum AppcastError: SlipwayError, Equatable {
    case malformed(file: String, location: SourceLocation?, reason: String)
    case noSparkleNamespace(file: String)
    case duplicateBuild(file: String, build: String)
    case missingKey(variable: String)
    case unreadable(path: String, reason: String)

    public var message: String {
        switch self {
        case .malformed(let file, _, let reason):
            return "\(file.cQuotedIfNeeded) is not an appcast Slipway can add to: \(reason)"
        case .noSparkleNamespace(let file):
            return "\(file.cQuotedIfNeeded) does not declare Sparkle's namespace on <rss>"
        case .duplicateBuild(let file, let build):
            return "\(file.cQuotedIfNeeded) already has an item for build \(build.cQuotedIfNeeded)"
        case .missingKey(let variable):
            return "no Sparkle private key: \(variable) is not set"
        case .unreadable(let path, let reason):
            return "cannot read \(path.cQuotedIfNeeded): \(reason)"
        }
    }

    public var location: SourceLocation? {
        if case .malformed(_, let location, _) = self { return location }
        return nil
    }

    public var hint: String? {
        switch self {
        case .malformed:
            return "fix the XML where it points (xmllint --noout shows the same), or move the file away to start anew"
        case .noSparkleNamespace:
            return "add xmlns:sparkle=\"\(Appcast.sparkleNamespace)\" to the <rss> element"
        case .duplicateBuild:
            return "Sparkle tells releases apart by build number: bump the build, or remove the old item by hand"
        case .missingKey(let variable):
            return "put the text of Sparkle's 'generate_keys -x <file>' export in \(variable) (a CI secret), or name "
                + "another variable with ship.sparkle.privateKeyVariable or --key-variable"
        case .unreadable:
            return "check the path and its permissions"
        }
    }
}
