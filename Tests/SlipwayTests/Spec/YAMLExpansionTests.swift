import SlipwayCore
import SlipwayYAML
import Testing

/// `YAMLExpansion` (merge keys and aliases within a budget) and the parser's own limits, on small texts.
@Suite("YAML expansion: merge keys, aliases and their budget")
struct YAMLExpansionTests {
    /// `m0: &m0 {a: 1}`, then `mN: &mN {<<: [*mN-1, *mN-1]}` for N in 1...levels: 2^levels mappings if copied.
    static func doublingChain(_ levels: Int) -> String {
        "m0: &m0 {a: 1}\n" + (1...levels).map { "m\($0): &m\($0) {<<: [*m\($0 - 1), *m\($0 - 1)]}\n" }.joined()
    }

    @Test("merge keys expand as YAML merges them: own keys first, then each source's new keys, first source wins")
    func mergeOrder() throws {
        let file = try YAMLFile(
            path: "p.yml",
            text: """
                a: &a {x: 1, y: 1}
                b: &b {y: 2, z: 2}
                m:
                  z: 0
                  <<: [*a, *b]
                  "<<": quoted
                  z: again
                """)
        let expansion = YAMLExpansion(file: file)
        let entries = try expansion.entries(of: try #require(file.root?["m"]))
        #expect(entries.map(\.key) == ["z", "<<", "z", "x", "y"])
        #expect(entries.map(\.value.scalar) == ["0", "quoted", "again", "1", "1"])
        // The merged values were reached through the aliases in the merge key's list.
        #expect(entries[3].via == YAMLMark(line: 5, column: 8, offset: 55))
        #expect(entries[0].via == nil)
    }

    @Test("a source named twice merges to the same entries as once")
    func duplicateSources() throws {
        let file = try YAMLFile(path: "p.yml", text: "a: &a {x: 1}\nonce: {<<: *a}\ntwice: {<<: [*a, *a]}\n")
        let expansion = YAMLExpansion(file: file)
        let once = try expansion.entries(of: try #require(file.root?["once"]))
        let twice = try expansion.entries(of: try #require(file.root?["twice"]))
        #expect(once.map(\.key) == twice.map(\.key))
        #expect(zip(once, twice).allSatisfy { $0.value == $1.value })
    }

    @Test("a 25-level chain of doubled merge keys expands each mapping once, not 2^25 times")
    func doublingChainIsLinear() throws {
        let file = try YAMLFile(path: "p.yml", text: Self.doublingChain(25))
        let expansion = YAMLExpansion(file: file)
        let entries = try expansion.entries(of: try #require(file.root?["m25"]))
        #expect(entries.map(\.key) == ["a"])
        #expect(entries.first?.value == file.root?["m0"]?["a"])
        // Each level names its source twice: a handful of visits per level, where copying made 2^25.
        #expect(expansion.visits < 4 * 26)
    }

    @Test("past the budget, expansion stops with an error at the alias it was following")
    func budgetError() throws {
        let file = try YAMLFile(path: "p.yml", text: "big: &big {a: 1, b: 2, c: 3, d: 4}\nuse:\n  <<: *big\n")
        let expansion = YAMLExpansion(file: file, budget: 3, subject: "the spec")
        let use = try #require(file.root?["use"])
        do {
            _ = try expansion.entries(of: use)
            Issue.record("the expansion should stop")
        } catch {
            #expect(
                error.message
                    == "the spec expands too far: following its aliases and merge keys (<<) visits more than 3 nodes")
            #expect(error.location == SourceLocation(file: "p.yml", line: 3, column: 7))
            #expect(error.sourceLine == "  <<: *big")
            #expect(error.hint?.hasPrefix("use fewer nested merge keys and aliases") == true)
        }
    }

    @Test("a cursor counts what it reads through an alias, and nothing it reads in place")
    func cursorCounts() throws {
        let file = try YAMLFile(path: "p.yml", text: "list: &l [a, b, c]\nuse: {t: *l}\n")
        let expansion = YAMLExpansion(file: file)
        let root = expansion.cursor(at: try #require(file.root))
        #expect(try root.value("list")?.items().map(\.node.scalar) == ["a", "b", "c"])
        #expect(expansion.visits == 0)
        let items = try #require(try root.value("use")?.value("t")?.items())
        #expect(items.map(\.node.scalar) == ["a", "b", "c"])
        #expect(items.allSatisfy { $0.via == YAMLMark(line: 2, column: 10, offset: 28) })
        #expect(expansion.visits == 4)
    }

    @Test("an alias inside the collection it names is refused, as XcodeGen's parser refuses it")
    func recursiveAlias() {
        do {
            _ = try YAMLFile(path: "p.yml", text: "a: &a {b: *a}\n")
            Issue.record("the parse should fail")
        } catch {
            #expect(error.message == "alias '*a' is inside the collection '&a' it refers to")
            #expect(error.location == SourceLocation(file: "p.yml", line: 1, column: 11))
        }
    }

    @Test("collections nested deeper than 256 levels are refused at the first one too deep")
    func nestingLimit() throws {
        let deepest = String(repeating: "[", count: 256) + String(repeating: "]", count: 256)
        #expect(try YAMLFile(path: "p.yml", text: deepest).root?.kind == .sequence)
        do {
            _ = try YAMLFile(path: "p.yml", text: "[" + deepest + "]")
            Issue.record("the parse should fail")
        } catch {
            #expect(error.message == "collections nest more than 256 levels deep")
            #expect(error.location == SourceLocation(file: "p.yml", line: 1, column: 257))
        }
    }

    @Test("in a file with non-ASCII text, every position is the byte offset of the node's text")
    func nonASCIIOffsets() throws {
        let text = "é: &a ü\nb: [*a, ö, {ç: ĳ}]\nc: ü ok\n"
        let file = try YAMLFile(path: "p.yml", text: text)
        let bytes = Array(text.utf8)
        func offset(of needle: String, after start: Int = 0) -> Int? {
            let pattern = Array(needle.utf8)
            return (start...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        }
        let b = try #require(file.root?["b"])
        #expect(Array(b.items)[0] == file.root?["é"])
        #expect(Array(b.items)[1].start.offset == offset(of: "ö"))
        #expect(Array(b.items)[2]["ç"]?.start.offset == offset(of: "ĳ"))
        #expect(Array(b.items)[2]["ç"]?.endOffset == offset(of: "}"))
        #expect(file.root?["é"]?.valueStart.offset == offset(of: "ü"))
        #expect(file.root?["c"]?.start == YAMLMark(line: 3, column: 4, offset: try #require(offset(of: "ü ok"))))
    }
}
