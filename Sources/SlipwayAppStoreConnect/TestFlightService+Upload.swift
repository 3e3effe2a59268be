import Foundation
import SlipwayCore

extension TestFlightService {
    /// What `testflight upload` is asked to do.
    public struct UploadRequest: Sendable {
        public var path: String
        public var given: UploadArtifact.Given
        /// Wait for processing to finish (notes and groups need a processed build, so they wait too).
        public var wait = false
        /// "What to Test", at most 4,000 characters (App Store Connect's limit), for `locale`.
        public var whatToTest: String?
        /// A file whose text is "What to Test" (`--notes-file`), read before anything is uploaded.
        public var notesFile: String?
        public var locale = "en-US"
        public var groups: [String] = []
        public var timeout: Double = 3600
        public var pollInterval: Double = 30
        public static let minimumPollInterval = 1.0
        /// Use the build-upload API even where altool is present.
        public var useAPI = false

        public init(path: String, given: UploadArtifact.Given = UploadArtifact.Given()) {
            self.path = path
            self.given = given
        }
    }

    /// `slipway testflight upload`: uploads, then (with `--wait`, notes or groups) waits for processing, sets
    /// "What to Test" and adds the build to the groups. Progress goes to standard error, the summary to stdout.
    public func upload(_ request: UploadRequest, console: Console) throws -> ExitStatus {
        var request = request
        // Asking App Store Connect without pause would spend the key's rate limit in minutes.
        guard request.pollInterval >= UploadRequest.minimumPollInterval else {
            throw Failure(
                "a poll interval of \(request.pollInterval) seconds is below the minimum of "
                    + "\(Int(UploadRequest.minimumPollInterval)) second",
                hint: "use --poll-interval \(Int(UploadRequest.minimumPollInterval)) or more (default: 30)",
                exitStatus: .badInput)
        }
        if let path = request.notesFile {
            // Bounded: a notes path naming a FIFO or /dev/zero must neither hang nor fill memory.
            let bytes: [UInt8]?
            do {
                bytes = try BoundedFile.read(path)
            } catch {
                throw Failure(
                    "cannot read the notes file \(path.cQuotedIfNeeded): it is \(error.reason)", hint: error.hint)
            }
            guard let bytes else {
                throw Failure(
                    "cannot read the notes file \(path.cQuotedIfNeeded): \(String(cString: strerror(ENOENT)))",
                    hint: "write the notes first: slipway notes > \(path)")
            }
            request.whatToTest = String(decoding: bytes, as: UTF8.self)
        }
        let artifact = try UploadArtifact.inspect(
            request.path, given: request.given, runner: runner, environment: environment)
        client.beginBatch()
        let app = try queries.app(bundleID: artifact.bundleID)
        // A misspelt group is found before the upload, not after an hour of it.
        let groupIDs = request.groups.isEmpty ? [] : try queries.betaGroupIDs(appID: app.id, names: request.groups)
        let line = ProgressLine(console: console)
        let subject = "\(artifact.bundleID) \(artifact.version) (\(artifact.buildNumber))"
        if !request.useAPI, AltoolUpload.isAvailable(runner: runner, environment: environment) {
            line.show("uploading \(subject) with altool")
            try AltoolUpload.run(artifact, key: client.key, runner: runner, environment: environment)
        } else {
            line.show("uploading \(subject) through the App Store Connect API")
            _ = try BuildUploadAPI(client: client).upload(artifact, appID: app.id) { line.show($0) }
        }
        line.finish("uploaded \(subject)")
        guard request.wait || request.whatToTest != nil || !request.groups.isEmpty else {
            console.out("Uploaded \(subject); App Store Connect is processing it.\n")
            return .success
        }
        let wait = BuildProcessingWait(queries: queries, interval: request.pollInterval, timeout: request.timeout)
        let build = try wait.wait(appID: app.id, version: artifact.version, number: artifact.buildNumber) {
            line.show($0)
        }
        line.finish("build \(artifact.buildNumber) processed")
        client.beginBatch()
        if let notes = request.whatToTest {
            try setWhatToTest(String(notes.prefix(4000)), locale: request.locale, buildID: build.id)
        }
        if !groupIDs.isEmpty {
            try addToGroups(groupIDs, buildID: build.id)
        }
        var summary = "Uploaded \(subject); processed"
        if request.whatToTest != nil { summary += ", \"What to Test\" set" }
        if !request.groups.isEmpty { summary += ", added to \(request.groups.joined(separator: ", "))" }
        console.out(summary + ".\n")
        return .success
    }

    /// `whatsNew` of the build's localization for `locale`: updated when it exists, created otherwise.
    func setWhatToTest(_ text: String, locale: String, buildID: String) throws {
        let existing = try client.get(
            "/v1/builds/\(buildID)/betaBuildLocalizations", query: [("limit", "200")],
            as: JSONAPI.List<BetaBuildLocalizationAttributes>.self)
        if let localization = existing.data.first(where: { $0.attributes?.locale == locale }) {
            try client.send(
                "PATCH", "/v1/betaBuildLocalizations/\(localization.id)",
                body: .object([
                    "data": .object([
                        "type": .string("betaBuildLocalizations"), "id": .string(localization.id),
                        "attributes": .object(["whatsNew": .string(text)]),
                    ])
                ]), as: JSONAPI.Single<BetaBuildLocalizationAttributes>.self)
            return
        }
        try client.send(
            "POST", "/v1/betaBuildLocalizations",
            body: .object([
                "data": .object([
                    "type": .string("betaBuildLocalizations"),
                    "attributes": .object(["locale": .string(locale), "whatsNew": .string(text)]),
                    "relationships": .object([
                        "build": .object(["data": .object(["type": .string("builds"), "id": .string(buildID)])])
                    ]),
                ])
            ]), as: JSONAPI.Single<BetaBuildLocalizationAttributes>.self)
    }

    /// `POST /v1/builds/{id}/relationships/betaGroups` with every group.
    func addToGroups(_ ids: [String], buildID: String) throws {
        try client.send(
            "POST", "/v1/builds/\(buildID)/relationships/betaGroups",
            body: .object([
                "data": .array(ids.map { .object(["type": .string("betaGroups"), "id": .string($0)]) })
            ]), as: JSONAPI.None.self)
    }
}

/// One status line on standard error: rewritten in place on a terminal, a line per change otherwise.
final class ProgressLine {
    let console: Console
    private var last = ""
    private var open = false

    init(console: Console) {
        self.console = console
    }

    func show(_ text: String) {
        if console.isErrorTerminal {
            console.err("\r\u{1B}[2K" + text)
            open = true
        } else if text != last {
            console.err(text + "\n")
        }
        last = text
    }

    func finish(_ text: String) {
        if open {
            console.err("\r\u{1B}[2K" + text + "\n")
            open = false
        } else {
            console.err(text + "\n")
        }
        last = text
    }
}
