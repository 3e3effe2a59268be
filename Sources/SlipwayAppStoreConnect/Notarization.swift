import Foundation
import SlipwayCore

/// Notarizing a Developer ID zip, dmg or pkg on a Mac: `xcrun notarytool submit --wait --output-format json`
/// with the App Store Connect API key (written to a private temporary file for the run, never into argv), the
/// JSON it prints read for the submission's id and status, and on anything but `Accepted` the submission's log
/// (`notarytool log`), whose issues become the error.
public enum Notarization {
    /// What `notarytool submit --wait --output-format json` reports: `{"id": …, "status": …, "message": …}`.
    public struct Submission: Sendable, Equatable {
        public var id: String
        /// `Accepted`, `Invalid`, `Rejected` or `In Progress` (when the wait ended early).
        public var status: String
        public var message: String?

        public var isAccepted: Bool { status == "Accepted" }

        public init(id: String, status: String, message: String? = nil) {
            self.id = id
            self.status = status
            self.message = message
        }

        /// What `slipway notarize --result` writes and the release manifest reads.
        public func json(file: String) -> JSON {
            .object([
                "file": .string(file), "id": .string(id), "status": .string(status), "message": .string(message),
            ])
        }
    }

    /// One problem of the submission's log (`issues` of `notarytool log`).
    public struct Issue: Sendable, Equatable {
        public var severity: String
        public var path: String?
        public var message: String
    }

    /// The submit command as data: the key's id and issuer, the key only as a file path.
    public static func submitArguments(file: String, keyPath: String, keyID: String, issuer: String?) -> [String] {
        ["xcrun", "notarytool", "submit", file] + credentials(keyPath: keyPath, keyID: keyID, issuer: issuer)
            + ["--wait", "--output-format", "json"]
    }

    /// The log command for a finished submission (its JSON goes to standard output).
    public static func logArguments(id: String, keyPath: String, keyID: String, issuer: String?) -> [String] {
        ["xcrun", "notarytool", "log", id] + credentials(keyPath: keyPath, keyID: keyID, issuer: issuer)
    }

    static func credentials(keyPath: String, keyID: String, issuer: String?) -> [String] {
        ["--key", keyPath, "--key-id", keyID] + (issuer.map { ["--issuer", $0] } ?? [])
    }

    /// The submission in notarytool's JSON output (its last JSON object line: progress may precede it).
    public static func parseSubmission(_ output: String) throws(Failure) -> Submission {
        for line in output.split(whereSeparator: \.isNewline).reversed() {
            guard line.first == "{", let json = try? JSON.parse(String(line)) else { continue }
            guard let id = json["id"]?.stringValue, let status = json["status"]?.stringValue else { continue }
            return Submission(id: id, status: status, message: json["message"]?.stringValue)
        }
        throw Failure(
            "notarytool printed no submission (no JSON object with an id and a status)"
                + (output.isEmpty ? "" : ": \(output.firstLine)"),
            hint: "run the submit command by hand with --verbose to see what the notary service said")
    }

    /// The issues of a `notarytool log` JSON document, errors first; empty when it has none or does not parse.
    public static func parseIssues(_ output: String) -> [Issue] {
        guard let json = try? JSON.parse(output), case .array(let items)? = json["issues"] else { return [] }
        let issues = items.compactMap { item -> Issue? in
            guard let message = item["message"]?.stringValue else { return nil }
            return Issue(
                severity: item["severity"]?.stringValue ?? "error", path: item["path"]?.stringValue, message: message)
        }
        return issues.filter { $0.severity == "error" } + issues.filter { $0.severity != "error" }
    }

    /// Submits `file` and waits; an accepted submission is returned, any other ends in an error that quotes the
    /// log's first issues. `record` gets the submission before that error, so its id is kept either way.
    public static func run(
        file: String, key: APIKey, runner: any ProcessRunning, environment: [String: String],
        record: (Submission) throws -> Void = { _ in }
    ) throws -> Submission {
        let folder = try PrivateFolder(prefix: "slipway-notary-key")
        defer { folder.remove() }
        let name = "AuthKey_\(key.id).p8"
        try folder.write(name, Data(key.pem.utf8))
        let keyPath = folder.path + "/" + name
        let submit = submitArguments(file: file, keyPath: keyPath, keyID: key.id, issuer: key.issuer)
        let output = OutputCollector()
        // Apple's notary service usually answers in minutes; a day is where waiting stops making sense.
        let outcome = try runner.run(
            ProcessRequest(arguments: submit, environment: environment, timeout: 24 * 3600), observer: output)
        let text = String(decoding: output.bytes, as: UTF8.self)
        let submission: Submission
        do {
            submission = try parseSubmission(text)
        } catch {
            guard outcome.succeeded else { throw ProcessFailure(arguments: shown(submit), outcome: outcome) }
            throw error
        }
        try record(submission)
        guard submission.isAccepted else {
            let log = logArguments(id: submission.id, keyPath: keyPath, keyID: key.id, issuer: key.issuer)
            let logOutput = OutputCollector()
            let logOutcome = try? runner.run(
                ProcessRequest(arguments: log, environment: environment, timeout: 300), observer: logOutput)
            let issues =
                logOutcome?.succeeded == true ? parseIssues(String(decoding: logOutput.bytes, as: UTF8.self)) : []
            throw rejection(submission, file: file, issues: issues)
        }
        return submission
    }

    /// The error for a submission that was not accepted: its status, id and the log's first issues.
    static func rejection(_ submission: Submission, file: String, issues: [Issue]) -> Failure {
        var message = "notarization of \(file.cQuotedIfNeeded) ended \(submission.status) (submission \(submission.id))"
        if let summary = submission.message, !summary.isEmpty { message += ": \(summary)" }
        for issue in issues.prefix(5) {
            message += "\n  - \(issue.path.map { "\($0): " } ?? "")\(issue.message)"
        }
        if issues.count > 5 { message += "\n  - and \(issues.count - 5) more" }
        return Failure(
            message,
            hint: "the whole log: xcrun notarytool log \(submission.id) --key <AuthKey.p8> --key-id <id> --issuer "
                + "<issuer>; sign every binary with the hardened runtime and a secure timestamp, then release again")
    }

    /// The argv as shown in a message: the key's temporary path is not worth showing.
    static func shown(_ arguments: [String]) -> [String] {
        var result = arguments
        if let index = result.firstIndex(of: "--key"), index + 1 < result.count { result[index + 1] = "<key file>" }
        return result
    }
}
