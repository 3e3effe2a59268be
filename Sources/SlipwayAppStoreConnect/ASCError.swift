import SlipwayCore

/// What went wrong talking to App Store Connect, with what to check. No case carries the key or a token: the
/// messages quote only Apple's own `errors[].detail`, paths, ids and HTTP statuses.
public enum ASCError: SlipwayError, Equatable {
    case missingKey(missing: String)
    case unreadableKey(path: String, variable: String, reason: String)
    /// 401: Apple rejected the token (wrong key id or issuer, revoked key, clock far off).
    case unauthorized(detail: String)
    /// 403: the key's role may not do this.
    case forbidden(detail: String)
    case appNotFound(bundleID: String)
    /// Any other error status, after retries where they apply.
    case api(status: Int, request: String, detail: String)
    case network(url: String, reason: String)
    case invalidResponse(request: String, reason: String)
    case waitTimedOut(build: String, state: String, seconds: Int)
    case processingFailed(build: String, state: String)
    case uploadFailed(detail: String)
    case badArtifact(path: String, reason: String)

    public var message: String {
        switch self {
        case .missingKey(let missing):
            return "no App Store Connect API key: \(missing) is not set"
        case .unreadableKey(let path, let variable, let reason):
            return "cannot read the App Store Connect API key \(path.cQuotedIfNeeded) (\(variable)): \(reason)"
        case .unauthorized(let detail):
            return "App Store Connect rejected the API key (401): \(detail.cQuotedIfNeeded)"
        case .forbidden(let detail):
            return "App Store Connect refused the request (403): \(detail.cQuotedIfNeeded)"
        case .appNotFound(let bundleID):
            return "App Store Connect has no app with bundle id \(bundleID.cQuotedIfNeeded) for this API key"
        case .api(let status, let request, let detail):
            return "App Store Connect answered \(status) to \(request): \(detail.cQuotedIfNeeded)"
        case .network(let url, let reason):
            return "cannot reach App Store Connect at \(url): \(reason)"
        case .invalidResponse(let request, let reason):
            return "unexpected answer from App Store Connect to \(request): \(reason)"
        case .waitTimedOut(let build, let state, let seconds):
            return "build \(build) is still \(state.cQuotedIfNeeded) after \(seconds) s of waiting"
        case .processingFailed(let build, let state):
            return "App Store Connect could not process build \(build): its state is \(state.cQuotedIfNeeded)"
        case .uploadFailed(let detail):
            return "the upload failed: \(detail.cQuotedIfNeeded)"
        case .badArtifact(let path, let reason):
            return "cannot upload \(path.cQuotedIfNeeded): \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .missingKey:
            return "set APP_STORE_CONNECT_API_KEY_ID, APP_STORE_CONNECT_API_ISSUER_ID (omit it for an individual key) "
                + "and APP_STORE_CONNECT_API_KEY_PATH (the .p8 file) or APP_STORE_CONNECT_API_KEY (its text)"
        case .unreadableKey:
            return "point APP_STORE_CONNECT_API_KEY_PATH at the AuthKey_<KEY_ID>.p8 file"
        case .unauthorized:
            return "check APP_STORE_CONNECT_API_KEY_ID and APP_STORE_CONNECT_API_ISSUER_ID against Users and Access > "
                + "Integrations, that the key is not revoked, and that this machine's clock is right"
        case .forbidden:
            return "give the key the App Manager or Developer role in Users and Access > Integrations"
        case .appNotFound:
            return "check the bundle id (--bundle-id) and that the app exists in the key's team"
        case .api, .invalidResponse:
            return "see https://developer.apple.com/system-status/ and retry; SLIPWAY_ASC_API_URL overrides the URL"
        case .network:
            return "check the network connection and proxy; SLIPWAY_ASC_API_URL overrides the API's URL"
        case .waitTimedOut:
            return "the upload itself succeeded; wait longer (--timeout) or check the build in App Store Connect"
        case .processingFailed:
            return "App Store Connect emails the reason to the account holder; fix it and upload a new build number"
        case .uploadFailed:
            return "fix what App Store Connect names, then upload again with a new build number if it was taken"
        case .badArtifact:
            return "pass the .ipa (iOS, tvOS, visionOS) or .pkg (macOS) that xcodebuild -exportArchive wrote"
        }
    }

    /// A refusal of input or configuration is 2; a failure that may pass on retry (network, processing) is 1.
    public var exitStatus: ExitStatus {
        switch self {
        case .network, .waitTimedOut, .processingFailed, .api, .invalidResponse, .uploadFailed: return .negative
        default: return .badInput
        }
    }
}
