import SlipwayCore

/// What went wrong making a GitHub release. No case carries the token: messages quote GitHub's own `message`,
/// paths and statuses.
public enum GitHubError: SlipwayError, Equatable {
    case missingToken
    /// `slug`: GITHUB_REPOSITORY when set; the remote URL is never quoted, as it may hold credentials.
    case noRepository(slug: String?, hasRemote: Bool)
    case api(status: Int, request: String, detail: String)
    case invalidResponse(request: String, reason: String)
    case assetExists(name: String, tag: String)
    case tagNotPushed(tag: String, repository: String)
    case duplicateAsset(name: String)
    case unreadableAsset(path: String, reason: String)

    public var message: String {
        switch self {
        case .missingToken:
            return "no GitHub token: GITHUB_TOKEN is not set"
        case .noRepository(let slug, let hasRemote):
            if let slug { return "GITHUB_REPOSITORY \(slug.cQuotedIfNeeded) is not owner/name" }
            return hasRemote
                ? "no GitHub repository: GITHUB_REPOSITORY is not set and the push remote's URL names no owner/name"
                : "no GitHub repository: GITHUB_REPOSITORY is not set and there is no push remote"
        case .api(let status, let request, let detail):
            return "GitHub answered \(status) to \(request): \(detail.cQuotedIfNeeded)"
        case .invalidResponse(let request, let reason):
            return "unexpected answer from GitHub to \(request): \(reason)"
        case .assetExists(let name, let tag):
            return "the release for \(tag.cQuotedIfNeeded) already has an asset named \(name.cQuotedIfNeeded)"
        case .tagNotPushed(let tag, let repository):
            return "\(repository) has no tag \(tag.cQuotedIfNeeded); GitHub would create it at the default "
                + "branch's head"
        case .duplicateAsset(let name):
            return "two assets are named \(name.cQuotedIfNeeded); GitHub names an asset by its file name"
        case .unreadableAsset(let path, let reason):
            return "cannot upload \(path.cQuotedIfNeeded): \(reason)"
        }
    }

    public var hint: String? {
        switch self {
        case .missingToken:
            return "in GitHub Actions pass 'env: GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}' with 'permissions: "
                + "contents: write'; elsewhere a token that may write the repository's contents"
        case .noRepository:
            return "set GITHUB_REPOSITORY=owner/name, or add the GitHub remote ('git remote add origin <url>')"
        case .api(let status, _, _):
            switch status {
            case 401: return "the token is wrong or expired: check GITHUB_TOKEN"
            case 403, 404:
                return "the token may lack 'contents: write' on the repository, or the repository name is wrong "
                    + "(GITHUB_REPOSITORY)"
            case 422: return "check that the tag is pushed and the names are valid"
            default: return "see https://www.githubstatus.com and retry"
            }
        case .invalidResponse:
            return "check GITHUB_API_URL: it must be GitHub's REST API (https://api.github.com by default)"
        case .assetExists:
            return "delete that asset from the release on GitHub, or give the file another name, then run again"
        case .tagNotPushed(let tag, _):
            return "push the tag first ('git push origin \(tag)', or release.push: true), or make a draft with --draft"
        case .duplicateAsset:
            return "rename one of the files"
        case .unreadableAsset:
            return "pass the files the release packaged (zip, dmg, pkg), as paths from the current folder"
        }
    }

    public var exitStatus: ExitStatus {
        switch self {
        case .api, .invalidResponse: return .negative
        default: return .badInput
        }
    }
}
