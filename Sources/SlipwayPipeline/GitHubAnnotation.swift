import SlipwayConfig
import SlipwayCore

/// GitHub Actions workflow commands and the step summary table.
enum GitHubAnnotation {
    /// The message part of a workflow command: `%`, CR and LF are escaped so a multi-line message stays one command.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25")
            .replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value (`title=`): additionally `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    /// A Markdown table of every stage for `$GITHUB_STEP_SUMMARY`.
    static func summaryTable(_ report: StageRunReport, title: String) -> String {
        var text = "### \(title)\n\n| Stage | Status | Duration | Details |\n| --- | --- | --- | --- |\n"
        for result in report.results {
            let icon: String
            switch result.status {
            case .passed: icon = "✅"
            case .failed: icon = "❌"
            case .cancelled: icon = "🛑"
            case .skipped: icon = "⏭️"
            }
            let duration = result.startedAt == nil ? "" : DurationFormat.text(result.duration)
            let detail = result.status == .passed ? "" : cell(result.detail ?? "")
            text += "| `\(cell(result.name))` | \(icon) \(result.status.rawValue) | \(duration) | \(detail) |\n"
        }
        return text + "\n"
    }

    /// Text for one table cell: a line break (CR LF, CR or LF) becomes `<br>` and `|` becomes `\|`, so the cell
    /// keeps to its row and column however the text was written.
    static func cell(_ text: String) -> String {
        var cell = ""
        var scalars = text.unicodeScalars.makeIterator()
        var pending = scalars.next()
        while let scalar = pending {
            pending = scalars.next()
            switch scalar {
            case "|": cell += "\\|"
            case "\n": cell += "<br>"
            case "\r":
                cell += "<br>"
                if pending == "\n" { pending = scalars.next() }
            default: cell.unicodeScalars.append(scalar)
            }
        }
        return cell
    }
}
