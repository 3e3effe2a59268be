/// Variants of a YAML file that break it in the ways edits do, for the native reader's decline paths: a line dropped,
/// a line indented or dedented, the file cut short.
struct YAMLMutations {
    let bytes: [UInt8]
    /// How many lines (and cut points) of a file are tried.
    let samples: Int

    init(_ bytes: [UInt8], samples: Int = 40) {
        self.bytes = bytes
        self.samples = samples
    }

    var all: [[UInt8]] {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        var mutants: [[UInt8]] = []
        for index in Self.sample(lines.count, samples) {
            let join = { (replaced: [[UInt8]]) in Array(replaced.joined(separator: [0x0A])) }
            var dropped = lines
            dropped.remove(at: index)
            mutants.append(join(dropped))
            var indented = lines
            indented[index] = [0x20, 0x20] + indented[index]
            mutants.append(join(indented))
            if lines[index].first == 0x20 {
                var dedented = lines
                dedented[index].removeFirst()
                mutants.append(join(dedented))
            }
        }
        for offset in Self.sample(bytes.count, samples) { mutants.append(Array(bytes[..<offset])) }
        return mutants
    }

    /// Up to `limit` indices spread evenly over `0..<count`.
    static func sample(_ count: Int, _ limit: Int) -> [Int] {
        guard count > limit else { return Array(0..<count) }
        return (0..<limit).map { $0 * count / limit }
    }
}
