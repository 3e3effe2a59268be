import Foundation

/// What `--dry-run` prints for `hooks install`, `hooks uninstall` and `ci install`: each planned change in plain
/// words, in the order the command would make them, then the report it would print (`outcome`, indented lines).
enum InstallDryRunReport {
    static func text(
        command: String, place: String?, changes: [InstallChange], outcome: String,
        display: (URL) -> String
    ) -> String {
        var text = "Plan for '\(command)'\(place.map { " in \($0)" } ?? "") (dry run):\n"
        if changes.isEmpty { text += "  nothing to change\n" }
        for change in changes { text += "  \(change.description(display))\n" }
        if !outcome.isEmpty { text += "Afterwards:\n" + outcome }
        return text + "Dry run: nothing was changed.\n"
    }
}
