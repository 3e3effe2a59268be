import Foundation
import SlipwayCore
import SlipwayCrypto
import SlipwayHTTP

/// The upload without altool: App Store Connect's build-upload API.
///
/// `POST /v1/buildUploads` reserves the build (app, versions, platform), `POST /v1/buildUploadFiles` reserves the
/// file and answers with the upload operations (each a URL, method, headers and a byte range), the bytes go to
/// those URLs, and `PATCH /v1/buildUploadFiles/{id}` with `uploaded: true` and the file's checksum commits it.
struct BuildUploadAPI {
    let client: ASCClient

    /// Uploads `artifact` for `appID`; returns the build upload's id.
    func upload(_ artifact: UploadArtifact, appID: String, progress: (String) -> Void) throws -> String {
        client.beginBatch()
        let upload = try client.send(
            "POST", "/v1/buildUploads",
            body: .object([
                "data": .object([
                    "type": .string("buildUploads"),
                    "attributes": .object([
                        "cfBundleShortVersionString": .string(artifact.version),
                        "cfBundleVersion": .string(artifact.buildNumber),
                        "platform": .string(artifact.platform.apiValue),
                    ]),
                    "relationships": .object(["app": relationship("apps", appID)]),
                ])
            ]), as: JSONAPI.Single<BuildUploadAttributes>.self)
        guard let uploadID = upload?.data.id else {
            throw ASCError.invalidResponse(request: "POST /v1/buildUploads", reason: "no build upload in the answer")
        }
        let file = try reserveFile(artifact, uploadID: uploadID)
        let operations = file.data.attributes?.uploadOperations ?? []
        guard !operations.isEmpty else {
            throw ASCError.invalidResponse(request: "POST /v1/buildUploadFiles", reason: "no upload operations")
        }
        try send(operations, of: artifact, progress: progress)
        // The parts took their time: the commit gets a token of its own.
        client.beginBatch()
        let checksum = try SHA256Hasher.hashFile(at: artifact.path).hex
        try client.send(
            "PATCH", "/v1/buildUploadFiles/\(file.data.id)",
            body: .object([
                "data": .object([
                    "type": .string("buildUploadFiles"), "id": .string(file.data.id),
                    "attributes": .object([
                        "uploaded": .bool(true),
                        "sourceFileChecksums": .object([
                            "file": .object(["hash": .string(checksum), "algorithm": .string("SHA_256")])
                        ]),
                    ]),
                ])
            ]), as: JSONAPI.Single<BuildUploadFileAttributes>.self)
        try checkState(uploadID)
        return uploadID
    }

    func reserveFile(_ artifact: UploadArtifact, uploadID: String) throws -> JSONAPI.Single<BuildUploadFileAttributes> {
        let file = try client.send(
            "POST", "/v1/buildUploadFiles",
            body: .object([
                "data": .object([
                    "type": .string("buildUploadFiles"),
                    "attributes": .object([
                        "assetType": .string("ASSET"),
                        "fileName": .string(URL(fileURLWithPath: artifact.path).lastPathComponent),
                        "fileSize": .int(Int(artifact.size)), "uti": .string(artifact.uti),
                    ]),
                    "relationships": .object(["buildUpload": relationship("buildUploads", uploadID)]),
                ])
            ]), as: JSONAPI.Single<BuildUploadFileAttributes>.self)
        guard let file else {
            throw ASCError.invalidResponse(request: "POST /v1/buildUploadFiles", reason: "no file in the answer")
        }
        return file
    }

    /// Sends each byte range to its URL, as the operation says (no token: the URLs carry their own authority).
    func send(_ operations: [UploadOperation], of artifact: UploadArtifact, progress: (String) -> Void) throws {
        guard let handle = FileHandle(forReadingAtPath: artifact.path) else {
            throw ASCError.badArtifact(path: artifact.path, reason: "it cannot be opened")
        }
        defer { try? handle.close() }
        for (index, operation) in operations.enumerated() {
            guard let url = URL(string: operation.url), operation.offset >= 0, operation.length > 0,
                operation.offset + operation.length <= artifact.size
            else {
                throw ASCError.invalidResponse(
                    request: "POST /v1/buildUploadFiles", reason: "upload operation \(index + 1) is not usable")
            }
            try handle.seek(toOffset: UInt64(operation.offset))
            let bytes = try handle.read(upToCount: Int(operation.length)) ?? Data()
            var headers: [String: String] = [:]
            for header in operation.requestHeaders ?? [] { headers[header.name] = header.value }
            let request = HTTPRequest(method: operation.method, url: url, headers: headers, body: bytes)
            try sendPart(request, number: index + 1)
            progress("uploaded part \(index + 1) of \(operations.count)")
        }
    }

    func sendPart(_ request: HTTPRequest, number: Int) throws {
        var attempt = 0
        while true {
            attempt += 1
            let response = try client.exchange(request)
            if (200...299).contains(response.status) { return }
            guard response.status == 429 || response.status >= 500, attempt < client.maximumAttempts else {
                throw ASCError.uploadFailed(detail: "part \(number) was answered with HTTP \(response.status)")
            }
            client.pause(client.retryDelay * Double(1 << (attempt - 1)))
        }
    }

    /// A build upload App Store Connect already failed says why in `state.errors`.
    func checkState(_ uploadID: String) throws {
        let upload = try client.get("/v1/buildUploads/\(uploadID)", as: JSONAPI.Single<BuildUploadAttributes>.self)
        guard let state = upload.data.attributes?.state, state.state == "FAILED" else { return }
        let reasons = (state.errors ?? []).compactMap { detail in
            [detail.code, detail.description].compactMap { $0 }.joined(separator: ": ")
        }
        throw ASCError.uploadFailed(detail: reasons.isEmpty ? "state FAILED" : reasons.joined(separator: "; "))
    }

    func relationship(_ type: String, _ id: String) -> JSON {
        .object(["data": .object(["type": .string(type), "id": .string(id)])])
    }
}
