import CGit2

/// Pairs deleted and added files that are renames with edits, the way `git diff -M` pairs them (diffcore-rename):
///
/// 1. a deleted and an added file whose file name is unique on both sides and which are at least 75% alike;
/// 2. of the rest, the best-scoring pairs at 50% or more, best first, each file used once (if the matrix of
///    candidates stays within git's rename limit of 1000 × 1000).
///
/// Similarity is git's too: the share of the larger file made of runs (a line, or 64 bytes) that both files have
/// (a last line without a newline counts, as since git 2.43.2; older git skips it).
/// libgit2's similarity counts lines instead and disagrees with git on small or much-edited files, which changed
/// the number of Swift files a commit counts (a rename counts once, a deletion plus an addition twice).
struct InexactRenames {
    static let maxScore = 60_000
    /// `-M`'s default, 50%.
    static let minimumScore = 30_000
    /// Same-name pairs must be more alike: halfway between the minimum and identical, 75%.
    static let sameNameScore = minimumScore + (maxScore - minimumScore) / 2
    static let renameLimit = 1000

    private let repository: OpaquePointer
    private let sources: [TreeWalk.Side]
    private let destinations: [TreeWalk.Side]
    private var sourcePrints: [Fingerprint?]
    private var destinationPrints: [Fingerprint?]

    /// `sources` are the deleted files and `destinations` the added ones, each in tree order, exact renames removed.
    init(repository: OpaquePointer, sources: [TreeWalk.Side], destinations: [TreeWalk.Side]) {
        self.repository = repository
        self.sources = sources
        self.destinations = destinations
        sourcePrints = Array(repeating: nil, count: sources.count)
        destinationPrints = Array(repeating: nil, count: destinations.count)
    }

    mutating func pairs() throws(GitError) -> [(from: TreeWalk.Side, to: TreeWalk.Side)] {
        var sourceUsed = Array(repeating: false, count: sources.count)
        var destinationUsed = Array(repeating: false, count: destinations.count)
        var result: [(from: TreeWalk.Side, to: TreeWalk.Side)] = []
        func record(_ source: Int, _ destination: Int) {
            sourceUsed[source] = true
            destinationUsed[destination] = true
            result.append((sources[source], destinations[destination]))
        }

        // 1. Files that kept their name (moved to another folder), when the name is unique on both sides.
        let destinationByName = InexactRenames.uniqueNames(destinations)
        for (name, source) in InexactRenames.uniqueNames(sources) {
            guard let source, let found = destinationByName[name], let destination = found else { continue }
            if try score(source, destination, minimum: InexactRenames.sameNameScore) >= InexactRenames.sameNameScore {
                record(source, destination)
            }
        }

        // 2. Up to four best sources for each destination, then all candidates best first.
        let openSources = sources.indices.filter { !sourceUsed[$0] }
        let openDestinations = destinations.indices.filter { !destinationUsed[$0] }
        guard !openSources.isEmpty, !openDestinations.isEmpty,
            openSources.count * openDestinations.count <= InexactRenames.renameLimit * InexactRenames.renameLimit
        else { return result }
        var candidates: [Candidate] = []
        candidates.reserveCapacity(openDestinations.count * Candidate.perDestination)
        for destination in openDestinations {
            var best = Array(repeating: Candidate.none, count: Candidate.perDestination)
            for source in openSources {
                let sameName =
                    TreeWalk.Side.fileName(sources[source].path)
                    == TreeWalk.Side.fileName(destinations[destination].path)
                let candidate = Candidate(
                    score: try score(source, destination, minimum: InexactRenames.minimumScore),
                    nameScore: sameName ? 1 : 0, destination: destination, source: source)
                // Replace the worst kept candidate when the new one beats it (ties keep the earlier source).
                var worst = 0
                for index in 1..<best.count where Candidate.order(best[index], best[worst]) > 0 { worst = index }
                if Candidate.order(best[worst], candidate) > 0 { best[worst] = candidate }
            }
            candidates += best
        }
        // git sorts stably: among equal candidates, the earlier one wins.
        let sorted = candidates.enumerated().sorted { a, b in
            let order = Candidate.order(a.element, b.element)
            return order != 0 ? order < 0 : a.offset < b.offset
        }
        for (_, candidate) in sorted {
            guard candidate.destination >= 0, candidate.score >= InexactRenames.minimumScore else { break }
            if destinationUsed[candidate.destination] || sourceUsed[candidate.source] { continue }
            record(candidate.source, candidate.destination)
        }
        return result
    }

    /// File name → index of the only side with that name, or `nil` when several share it.
    private static func uniqueNames(_ sides: [TreeWalk.Side]) -> [Substring: Int?] {
        var names: [Substring: Int?] = [:]
        for (index, side) in sides.enumerated() {
            let name = TreeWalk.Side.fileName(side.path)
            names[name] = names[name] == nil ? index : .some(nil)
        }
        return names
    }

    /// git's `estimate_similarity`: 0 to `maxScore`; only regular files with edits are scored.
    private mutating func score(_ source: Int, _ destination: Int, minimum: Int) throws(GitError) -> Int {
        guard InexactRenames.isRegular(sources[source].mode), InexactRenames.isRegular(destinations[destination].mode)
        else { return 0 }
        let old = try fingerprint(of: source, destination: false)
        let new = try fingerprint(of: destination, destination: true)
        let maxSize = max(old.size, new.size)
        let delta = maxSize - min(old.size, new.size)
        // Files whose sizes differ this much cannot reach the minimum.
        if maxSize * (InexactRenames.maxScore - minimum) < delta * InexactRenames.maxScore { return 0 }
        guard new.size > 0 else { return 0 }
        var copied = 0
        for (hash, count) in old.counts {
            if let other = new.counts[hash] { copied += min(count, other) }
        }
        return copied * InexactRenames.maxScore / maxSize
    }

    private static func isRegular(_ mode: UInt32) -> Bool { mode & 0o170000 == 0o100000 }

    private mutating func fingerprint(of index: Int, destination: Bool) throws(GitError) -> Fingerprint {
        if let known = destination ? destinationPrints[index] : sourcePrints[index] { return known }
        var oid = destination ? destinations[index].oid : sources[index].oid
        var blob: OpaquePointer?
        try check(git_blob_lookup(&blob, repository, &oid), "git_blob_lookup")
        defer { git_blob_free(blob) }
        let size = Int(git_blob_rawsize(blob))
        let print = Fingerprint(UnsafeRawBufferPointer(start: git_blob_rawcontent(blob), count: size))
        if destination { destinationPrints[index] = print } else { sourcePrints[index] = print }
        return print
    }

    /// git's `hash_chars`: a file cut into runs that end at a newline or after 64 bytes, counted by hash.
    struct Fingerprint {
        let size: Int
        let counts: [UInt32: Int]

        init(_ bytes: UnsafeRawBufferPointer) {
            size = bytes.count
            // A NUL in the first 8000 bytes makes a file binary, as git decides; text ignores the CR of CRLF.
            let isText = !bytes.prefix(8000).contains(0)
            var counts: [UInt32: Int] = [:]
            var accum1: UInt32 = 0
            var accum2: UInt32 = 0
            var length = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if isText, byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { continue }
                let previous = accum1
                accum1 = (accum1 << 7) ^ (accum2 >> 25)
                accum2 = (accum2 << 7) ^ (previous >> 25)
                accum1 &+= UInt32(byte)
                length += 1
                if length < 64, byte != 0x0A { continue }
                counts[(accum1 &+ accum2 &* 0x61) % 107_927, default: 0] += length
                length = 0
                accum1 = 0
                accum2 = 0
            }
            if length > 0 { counts[(accum1 &+ accum2 &* 0x61) % 107_927, default: 0] += length }
            self.counts = counts
        }
    }

    /// One scored pair; `destination == -1` is an empty slot, which sorts last.
    struct Candidate {
        static let perDestination = 4
        static let none = Candidate(score: 0, nameScore: 0, destination: -1, source: -1)

        var score: Int
        var nameScore: Int
        var destination: Int
        var source: Int

        /// git's `score_compare`: negative when `a` comes first (higher score, then same name).
        static func order(_ a: Candidate, _ b: Candidate) -> Int {
            if a.destination < 0 { return b.destination >= 0 ? 1 : 0 }
            if b.destination < 0 { return -1 }
            if a.score == b.score { return b.nameScore - a.nameScore }
            return b.score - a.score
        }
    }
}

extension TreeWalk.Side {
    /// The last path component.
    static func fileName(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }
}
