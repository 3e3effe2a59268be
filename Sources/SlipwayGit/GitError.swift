import CGit2
import SlipwayCore

/// A failure reported by libgit2 or a repository condition a user can fix.
public enum GitError: SlipwayError, Equatable {
    /// A libgit2 call failed; names the C function, its return code and libgit2's own message.
    case library(function: String, code: Int32, detail: String)
    case notARepository(path: String)
    case emptyRepository
    case unknownRevision(String)
    case notACommit(String)
    /// The revision is not in a shallow clone's history.
    case missingFromShallowClone(String)
    case pathNotFound(path: String, revision: String)

    public var message: String {
        switch self {
        case .library(let function, let code, let detail):
            return "\(function) failed (\(code)): \(detail)"
        case .notARepository(let path):
            return "not a git repository (or any parent folder): \(path)"
        case .emptyRepository:
            return "the repository has no commits yet"
        case .unknownRevision(let revision):
            return "unknown revision '\(revision)'"
        case .notACommit(let revision):
            return "'\(revision)' does not name a commit"
        case .missingFromShallowClone(let revision):
            return "commit \(revision) is not in this shallow clone"
        case .pathNotFound(let path, let revision):
            return "'\(path)' does not exist in \(revision)"
        }
    }

    public var hint: String? {
        switch self {
        case .notARepository:
            return "run slipway inside a git repository, or create one with 'git init'"
        case .emptyRepository:
            return "make a first commit, then run slipway again"
        case .unknownRevision:
            return "check the name with 'git rev-parse --verify <rev>'; fetch it first if it only exists on a remote"
        case .missingFromShallowClone:
            return "deepen the clone with 'git fetch --unshallow' (or 'git fetch --deepen=<n>'); "
                + "in GitHub Actions set 'fetch-depth: 0' on actions/checkout"
        default:
            return nil
        }
    }

    /// Builds an error from libgit2's last error for a call that returned `code`.
    static func last(_ function: String, _ code: Int32) -> GitError {
        let detail = git_error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
        return .library(function: function, code: code, detail: detail)
    }
}

/// Checks a libgit2 return code where the call is made.
@inline(__always)
func check(_ code: Int32, _ function: String) throws(GitError) {
    if code < 0 { throw GitError.last(function, code) }
}
