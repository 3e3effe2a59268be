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

    // Writing: commits, tags, pushes.
    /// Neither the environment nor the configuration names who is committing.
    case identityUnknown(role: String)
    /// `GIT_AUTHOR_DATE`/`GIT_COMMITTER_DATE` holds a date Slipway cannot read.
    case invalidDate(variable: String, value: String)
    /// A path given to commit is absolute, escapes the working tree, or is not a file.
    case invalidPath(String)
    /// The files to commit already match HEAD.
    case nothingToCommit(paths: [String])
    case tagExists(String)
    case invalidReferenceName(String)
    /// The commit was made but the index could not be brought up to date with it.
    case indexNotUpdated(commit: String, detail: String)
    /// HEAD moved while the commit was being made (another process committed).
    case headMoved
    case bareRepository
    /// `git push` (or another git subprocess) failed: the command, how it ended (`exited with code 128`, `could not
    /// start: …`) and the last lines of its standard error.
    case commandFailed(command: String, status: String, output: String)

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
        case .identityUnknown(let role):
            return "git does not know the \(role)'s name and email"
        case .invalidDate(let variable, let value):
            return "\(variable) '\(value)' is not a date Slipway can read"
        case .invalidPath(let path):
            return "'\(path)' is not a file inside the working tree"
        case .nothingToCommit(let paths):
            return "nothing to commit: \(paths.joined(separator: ", ")) already match HEAD"
        case .tagExists(let name):
            return "tag '\(name)' already exists"
        case .invalidReferenceName(let name):
            return "'\(name)' is not a valid git reference name"
        case .indexNotUpdated(let commit, let detail):
            return "committed \(commit), but the index could not be updated: \(detail)"
        case .headMoved:
            return "HEAD moved while the commit was being made"
        case .bareRepository:
            return "this operation needs a working tree, and the repository is bare"
        case .commandFailed(let command, let status, let output):
            return "\(command) \(status)" + (output.isEmpty ? "" : "\n" + ProcessFailure.renderedTail(output))
        }
    }

    public var hint: String? {
        switch self {
        case .notARepository:
            return "run slipway inside a git repository, or create one with 'git init'"
        case .library(let function, _, let detail)
        where function == "git_repository_open_ext" && detail.contains("owned"):
            // libgit2 refuses, as git does, a repository another user owns unless it is marked safe.
            return "if you trust this repository, mark it safe as git asks: "
                + "git config --global --add safe.directory <repository path>"
        case .emptyRepository:
            return "make a first commit, then run slipway again"
        case .unknownRevision:
            return "check the name with 'git rev-parse --verify <rev>'; fetch it first if it only exists on a remote"
        case .missingFromShallowClone:
            return "deepen the clone with 'git fetch --unshallow' (or 'git fetch --deepen=<n>'); "
                + "in GitHub Actions set 'fetch-depth: 0' on actions/checkout"
        case .identityUnknown:
            return
                "run 'git config --global user.name \"Your Name\"' and 'git config --global user.email you@example.com', "
                + "or set GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL and GIT_COMMITTER_NAME/GIT_COMMITTER_EMAIL"
        case .invalidDate:
            return "use '@<unix seconds> <+hhmm>' or ISO 8601 ('2024-05-01T12:00:00+02:00'), or unset the variable"
        case .tagExists(let name):
            return "choose another version, or delete the tag with 'git tag -d \(name)' if it was made by mistake"
        case .invalidReferenceName:
            return "check the name with 'git check-ref-format --allow-onelevel <name>'"
        case .indexNotUpdated(let commit, _):
            return
                "the commit \(commit) is complete; refresh the index of the committed files with 'git reset -q -- <file>…'"
        case .headMoved:
            return "another process committed at the same time; check 'git log' and try again"
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
