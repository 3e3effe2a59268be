import Foundation

/// `check-jsonschema` (PyPI, pinned in scripts/python-tools.sh), run as a process on files: the validator
/// scripts/lint.sh runs on the workflow, so the tests never judge a schema with a validator of their own.
enum JSONSchemaCheck {
    /// The package root: this file is Tests/SlipwayTests/Support/JSONSchemaCheck.swift.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let executable = packageRoot.appendingPathComponent(".build/lint-venv/bin/check-jsonschema")

    /// One violation: the file, where in it (a JSON path such as `$.artifacts[0].size`), and what is wrong.
    struct Problem: Decodable, Equatable, CustomStringConvertible {
        var filename: String
        var path: String
        var message: String

        var description: String { "\(filename)::\(path): \(message)" }
    }

    /// check-jsonschema's `--output-format json` report.
    private struct Report: Decodable {
        struct ParseError: Decodable {
            var filename: String
            var message: String
        }

        var status: String
        var errors: [Problem]
        /// Only present when some file could not be read.
        var parseErrors: [ParseError]?

        enum CodingKeys: String, CodingKey {
            case status, errors
            case parseErrors = "parse_errors"
        }
    }

    /// Every violation of `schema` in `files`, in check-jsonschema's order; empty when every file is valid.
    /// Fails (throws) when the tool is missing or cannot read a file, so a test never passes without validating.
    static func problems(in files: [URL], schema: URL) throws -> [Problem] {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw TestFailure(
                """
                check-jsonschema is not installed at \(executable.path): run scripts/python-tools.sh \
                (make test runs it before swift test)
                """)
        }
        let arguments =
            ["--output-format", "json", "--color", "never", "--schemafile", schema.path] + files.map(\.path)
        let result = try runProcess(executable.path, arguments)
        let command = ([executable.path] + arguments).joined(separator: " ")
        let report: Report
        do {
            report = try JSONDecoder().decode(Report.self, from: Data(result.stdout.utf8))
        } catch {
            throw TestFailure("\(command) exited \(result.status) without a report: \(result.stdout)\(result.stderr)")
        }
        if let parseErrors = report.parseErrors, !parseErrors.isEmpty {
            let failures = parseErrors.map { "\($0.filename): \($0.message)" }.joined(separator: "; ")
            throw TestFailure("\(command) could not read \(failures)")
        }
        // Exit 0 with a clean report, or 1 with the problems: anything else is the tool failing, not the files.
        guard
            (result.status == 0 && report.status == "ok" && report.errors.isEmpty)
                || (result.status == 1 && report.status == "fail" && !report.errors.isEmpty)
        else {
            throw TestFailure("\(command) exited \(result.status) with status \(report.status): \(result.stderr)")
        }
        return report.errors
    }
}
