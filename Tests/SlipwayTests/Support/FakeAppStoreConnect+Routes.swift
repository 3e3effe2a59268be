import Foundation
import SlipwayAppStoreConnect
import SlipwayCrypto

extension FakeAppStoreConnect {
    /// Why a token is not one App Store Connect accepts, or `nil` when it is.
    func checkToken(_ authorization: String?) -> String? {
        guard let authorization, authorization.hasPrefix("Bearer ") else { return "no bearer token" }
        let token = String(authorization.dropFirst("Bearer ".count))
        tokens.append(token)
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let claimBytes = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { return "not a compact JWS" }
        guard ES256.verify(signature, of: Array("\(parts[0]).\(parts[1])".utf8), with: publicKey) else {
            return "bad signature"
        }
        guard let header = try? JSONSerialization.jsonObject(with: Data(headerBytes)) as? [String: Any],
            let claims = try? JSONSerialization.jsonObject(with: Data(claimBytes)) as? [String: Any]
        else { return "header or claims are not JSON objects" }
        guard header["alg"] as? String == "ES256", header["kid"] as? String == key.id, header["typ"] as? String == "JWT"
        else { return "header \(header)" }
        if let issuer = key.issuer {
            guard claims["iss"] as? String == issuer, claims["sub"] == nil else { return "iss/sub \(claims)" }
        } else {
            guard claims["sub"] as? String == "user", claims["iss"] == nil else { return "individual key claims" }
        }
        guard claims["aud"] as? String == "appstoreconnect-v1" else { return "aud" }
        let now = Date().timeIntervalSince1970
        guard let iat = claims["iat"] as? Double, let exp = claims["exp"] as? Double else { return "no iat/exp" }
        guard iat <= now, iat >= now - 180 else { return "iat \(iat) vs now \(now)" }
        guard exp > now, exp - iat <= 1200 else { return "exp \(exp) (iat \(iat))" }
        return nil
    }

    func route(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        let path = request.path
        switch (request.method, path) {
        case ("GET", "/v1/apps"):
            let wanted = request.query["filter[bundleId]"] ?? ""
            // Like the real filter in some accounts: a prefix matches, so the client must pick the exact id.
            let found = apps.filter { $0.bundleID.hasPrefix(wanted) }
            return .json(200, Self.json(["data": found.map { resource("apps", $0.id, ["bundleId": $0.bundleID, "name": $0.name]) }, "links": ["self": baseURL + path]]))
        case ("GET", "/v1/builds"):
            return listBuilds(request)
        case ("GET", "/v1/betaGroups"):
            let appID = request.query["filter[app]"]
            let found = groups.filter { $0.appID == appID }
            return .json(200, Self.json(["data": found.map { resource("betaGroups", $0.id, ["name": $0.name]) }, "links": [:]]))
        case ("POST", "/v1/buildUploads"):
            return createUpload(request)
        case ("POST", "/v1/buildUploadFiles"):
            return createUploadFile(request)
        case ("POST", "/v1/betaBuildLocalizations"):
            guard let data = body(request)["data"] as? [String: Any], let attributes = data["attributes"] as? [String: Any],
                let relationships = data["relationships"] as? [String: Any],
                let build = (relationships["build"] as? [String: Any])?["data"] as? [String: Any]
            else { return Self.error(409, "ENTITY_ERROR", "bad body", "The request entity is not valid.") }
            let id = "loc-\(localizations.count + 1)"
            localizations.append((id, build["id"] as? String ?? "", attributes["locale"] as? String ?? "", attributes["whatsNew"] as? String ?? ""))
            return .json(201, Self.json(["data": resource("betaBuildLocalizations", id, attributes)]))
        default:
            return routeWithID(request)
        }
    }

    func routeWithID(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        let parts = request.path.split(separator: "/").map(String.init)
        if request.method == "GET", parts.count == 4, parts[1] == "builds", parts[3] == "betaBuildLocalizations" {
            let found = localizations.filter { $0.buildID == parts[2] }
            return .json(200, Self.json(["data": found.map { resource("betaBuildLocalizations", $0.id, ["locale": $0.locale, "whatsNew": $0.whatsNew]) }, "links": [:]]))
        }
        if request.method == "PATCH", parts.count == 3, parts[1] == "betaBuildLocalizations",
            let index = localizations.firstIndex(where: { $0.id == parts[2] })
        {
            let attributes = (body(request)["data"] as? [String: Any])?["attributes"] as? [String: Any]
            localizations[index].whatsNew = attributes?["whatsNew"] as? String ?? ""
            return .json(200, Self.json(["data": resource("betaBuildLocalizations", parts[2], ["whatsNew": localizations[index].whatsNew])]))
        }
        if request.method == "POST", parts.count == 5, parts[1] == "builds", parts[3] == "relationships", parts[4] == "betaGroups" {
            let ids = (body(request)["data"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            groupLinks.append((parts[2], ids))
            return LocalHTTPServer.Response(status: 204)
        }
        if request.method == "PATCH", parts.count == 3, parts[1] == "buildUploadFiles" {
            return commitUploadFile(request, id: parts[2])
        }
        if request.method == "GET", parts.count == 3, parts[1] == "buildUploads" {
            return .json(200, Self.json(["data": resource("buildUploads", parts[2], ["state": ["state": "PROCESSING", "errors": []]])]))
        }
        return Self.error(404, "NOT_FOUND", "The specified resource does not exist",
            "The path provided does not match a defined resource type.")
    }

    func listBuilds(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        let query = request.query
        let states = Set((query["filter[processingState]"] ?? "VALID").split(separator: ",").map(String.init))
        if pendingUpload == nil, processingPolls != nil { advanceProcessing() }
        var found = builds.filter { $0.appID == query["filter[app]"] && states.contains($0.state) }
        if let version = query["filter[preReleaseVersion.version]"] { found = found.filter { $0.version == version } }
        if let number = query["filter[version]"] { found = found.filter { $0.number == number } }
        // Apple sorts `version` as a string: "9" comes before "10" in `-version`.
        if query["sort"] == "-version" { found.sort { $0.number > $1.number } }
        let limit = min(Int(query["limit"] ?? "50") ?? 50, pageSize)
        let start = Int(query["cursor"] ?? "0") ?? 0
        let page = Array(found.dropFirst(start).prefix(limit))
        var links: [String: Any] = ["self": baseURL + request.path]
        if start + limit < found.count {
            var components = URLComponents(string: baseURL + request.path)!
            components.queryItems = query.filter { $0.key != "cursor" }.sorted { $0.key < $1.key }
                .map { URLQueryItem(name: $0.key, value: $0.value) } + [URLQueryItem(name: "cursor", value: String(start + limit))]
            links["next"] = components.url!.absoluteString
        }
        let data = page.map { resource("builds", $0.id, ["version": $0.number, "processingState": $0.state, "uploadedDate": "2026-11-30T10:00:00-08:00"]) }
        return .json(200, Self.json(["data": data, "links": links, "meta": ["paging": ["total": found.count, "limit": limit]]]))
    }

    /// Each poll after an upload moves the new build on: PROCESSING for `processingPolls` polls, then VALID.
    private func advanceProcessing() {
        guard let polls = processingPolls, let index = builds.lastIndex(where: { $0.state == "PROCESSING" }) else { return }
        pollsSinceUpload += 1
        if pollsSinceUpload > polls { builds[index].state = "VALID" }
    }

    func createUpload(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        guard let data = body(request)["data"] as? [String: Any], data["type"] as? String == "buildUploads",
            let attributes = data["attributes"] as? [String: Any],
            let app = ((data["relationships"] as? [String: Any])?["app"] as? [String: Any])?["data"] as? [String: Any],
            let version = attributes["cfBundleShortVersionString"] as? String, let number = attributes["cfBundleVersion"] as? String,
            attributes["platform"] as? String == "IOS"
        else { return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "invalid", "A required attribute is missing.") }
        pendingUpload = (app["id"] as? String ?? "", version, number, 0)
        return .json(201, Self.json(["data": resource("buildUploads", "upload-1", attributes.merging(["state": ["state": "AWAITING_UPLOAD"]]) { a, _ in a })]))
    }

    func createUploadFile(_ request: LocalHTTPServer.Request) -> LocalHTTPServer.Response {
        guard let data = body(request)["data"] as? [String: Any], let attributes = data["attributes"] as? [String: Any],
            attributes["assetType"] as? String == "ASSET", attributes["uti"] as? String == "com.apple.ipa",
            let size = attributes["fileSize"] as? Int, attributes["fileName"] is String
        else { return Self.error(409, "ENTITY_ERROR.ATTRIBUTE.INVALID", "invalid", "assetType, fileName, fileSize and uti are required.") }
        let first = size / 2
        let operations: [[String: Any]] = [
            ["method": "PUT", "url": baseURL + "/upload/file-1/part1", "offset": 0, "length": first,
             "requestHeaders": [["name": "Content-Type", "value": "application/octet-stream"]]],
            ["method": "PUT", "url": baseURL + "/upload/file-1/part2", "offset": first, "length": size - first,
             "requestHeaders": [["name": "Content-Type", "value": "application/octet-stream"]]],
        ]
        return .json(201, Self.json(["data": resource("buildUploadFiles", "file-1", attributes.merging(["uploadOperations": operations]) { a, _ in a })]))
    }

    func commitUploadFile(_ request: LocalHTTPServer.Request, id: String) -> LocalHTTPServer.Response {
        let attributes = (body(request)["data"] as? [String: Any])?["attributes"] as? [String: Any] ?? [:]
        guard attributes["uploaded"] as? Bool == true, let pending = pendingUpload else {
            return Self.error(409, "ENTITY_ERROR", "invalid", "uploaded must be true.")
        }
        let file = ((attributes["sourceFileChecksums"] as? [String: Any])?["file"] as? [String: Any])
        committedChecksums.append(file?["hash"] as? String ?? "")
        builds.append(Build(id: "build-new", appID: pending.appID, number: pending.number, version: pending.version, state: "PROCESSING"))
        pendingUpload = nil
        pollsSinceUpload = 0
        return .json(200, Self.json(["data": resource("buildUploadFiles", id, ["uploaded": true])]))
    }

    func resource(_ type: String, _ id: String, _ attributes: [String: Any]) -> [String: Any] {
        ["type": type, "id": id, "attributes": attributes, "links": ["self": "\(baseURL)/v1/\(type)/\(id)"]]
    }

    func body(_ request: LocalHTTPServer.Request) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: request.body)) as? [String: Any] ?? [:]
    }
}
