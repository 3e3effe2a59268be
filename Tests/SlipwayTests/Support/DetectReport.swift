import Foundation

/// One `slipway detect --json` report, decoded for typed assertions.
struct DetectReport: Decodable {
    struct Range: Decodable {
        var base: String?
        var head: String
        var baseSource: String
        var baseTag: String?
    }

    struct CommitEntry: Decodable, Equatable {
        var sha: String
        var subject: String
    }

    struct File: Decodable, Hashable, CustomStringConvertible {
        var path: String
        var status: String
        var oldPath: String?
        var submodule: Bool

        init(_ status: String, _ path: String, from oldPath: String? = nil, submodule: Bool = false) {
            self.status = status
            self.path = path
            self.oldPath = oldPath
            self.submodule = submodule
        }

        var description: String {
            "\(status) \(oldPath.map { "\($0) -> " } ?? "")\(path)\(submodule ? " (submodule)" : "")"
        }
    }

    struct Counts: Decodable, Equatable {
        var files: Int
        var swiftFiles: Int
    }

    struct TagHit: Decodable, Equatable {
        var tag: String
        var commit: String
        var subject: String
    }

    struct Reason: Decodable {
        var rule: String
        var message: String
        var paths: [String]
        var tags: [TagHit]?
        var count: Int?
        var threshold: Int?
        var platforms: [String]?
        var apps: [String]?
        var targets: [String]?
        var basis: String?
    }

    struct Quiet: Decodable {
        var rule: String
        var message: String
    }

    var major: Bool
    var bump: String
    var range: Range
    var commits: [CommitEntry]
    var files: [File]
    var counts: Counts
    var reasons: [Reason]
    var quiet: [Quiet]
    var notes: [String]

    /// The ids of the rules that fired, in report order.
    var rules: [String] { reasons.map(\.rule) }

    func reason(_ rule: String) -> Reason? {
        reasons.first { $0.rule == rule }
    }

    /// Why a rule that did not fire stayed quiet.
    func quiet(_ rule: String) -> String? {
        quiet.first { $0.rule == rule }?.message
    }

    static func decode(_ text: String) throws -> DetectReport {
        try JSONDecoder().decode(DetectReport.self, from: Data(text.utf8))
    }
}

extension TestRepository {
    /// `slipway detect --json <arguments>`, which must succeed with exit 0.
    func detect(_ arguments: String..., in subfolder: String? = nil) throws -> DetectReport {
        let result = try slipway(arguments: ["detect", "--json"] + arguments, in: subfolder)
        guard result.status == 0 else {
            throw TestFailure("detect \(arguments) exited \(result.status): \(result.stderr)")
        }
        return try DetectReport.decode(result.stdout)
    }

    /// `slipway detect --each <range> --json`: one report per line.
    func detectEach(_ range: String) throws -> [DetectReport] {
        let result = try slipway("detect", "--each", range, "--json")
        guard result.status == 0 else {
            throw TestFailure("detect --each \(range) exited \(result.status): \(result.stderr)")
        }
        return try result.stdout.split(separator: "\n").map { try DetectReport.decode(String($0)) }
    }

    /// Runs slipway in any folder (a clone, a bare repository, a linked worktree) with this repository's environment.
    func slipway(_ arguments: [String], at directory: URL) throws -> ProcessResult {
        try SlipwayBinary.run(arguments, in: directory, environment: environment)
    }

    /// Writes a file whose content is unique to its path, so git never pairs it with another file as a rename.
    func touch(_ paths: String...) throws {
        for path in paths { try write(path, "// \(path)\n") }
    }

    /// Appends a line to a file, so it shows as modified.
    func edit(_ path: String, _ line: String = "// edited") throws {
        let current = (try? read(path)) ?? ""
        try write(path, current + line + "\n")
    }

    /// Commits with fixed author and committer dates, so `git log`'s order never depends on the clock.
    @discardableResult
    func commit(_ message: String, date: Int) throws -> String {
        try git(["add", "-A"])
        var env = environment
        env["GIT_AUTHOR_DATE"] = "@\(date) +0000"
        env["GIT_COMMITTER_DATE"] = "@\(date) +0000"
        let result = try runProcess(
            "/usr/bin/env", ["git", "commit", "-q", "--allow-empty", "-F", "-"], in: url, environment: env,
            input: message)
        guard result.status == 0 else { throw TestFailure("git commit failed: \(result.stderr)") }
        return try head()
    }

    /// What `git diff-tree -r -M` says changed between two commits (`nil`: from the empty tree), as report files.
    func gitChanges(from base: String?, to head: String) throws -> [DetectReport.File] {
        let old =
            try base ?? git(["hash-object", "-t", "tree", "/dev/null"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let output = try git(["diff-tree", "-r", "-M", "-z", "--no-abbrev", old, head])
        var fields = output.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)[...]
        var files: [DetectReport.File] = []
        while let header = fields.popFirst(), header.hasPrefix(":") {
            // ":<old mode> <new mode> <old sha> <new sha> <status>", then one path (two for a rename).
            let parts = header.dropFirst().split(separator: " ")
            guard parts.count == 5, let first = fields.popFirst() else {
                throw TestFailure("unexpected diff-tree output: \(output)")
            }
            let submodule = parts[0] == "160000" || parts[1] == "160000"
            switch parts[4].prefix(1) {
            case "A": files.append(.init("added", first, submodule: submodule))
            case "M": files.append(.init("modified", first, submodule: submodule))
            case "D": files.append(.init("deleted", first, submodule: submodule))
            case "T": files.append(.init("typechange", first, submodule: submodule))
            case "R":
                guard let second = fields.popFirst() else { throw TestFailure("rename without a new path: \(output)") }
                files.append(.init("renamed", second, from: first, submodule: submodule))
            default: throw TestFailure("unexpected status \(parts[4])")
            }
        }
        return files.sorted { $0.path.utf8.lexicographicallyPrecedes($1.path.utf8) }
    }

    /// Commits of a range, newest first, as `git log` lists them.
    func gitLog(_ arguments: String...) throws -> [String] {
        try git(["log", "--format=%H"] + arguments).split(separator: "\n").map(String.init)
    }
}
