import SlipwayYAML
import Testing

@Suite("YAML parsing through libyaml")
struct YAMLFileTests {
    @Test("a file larger than libyaml's input buffer parses whole, with marks to the last line")
    func largeFile() throws {
        // libyaml reads a string input in chunks through a handler that points back at the parser, so this
        // takes many calls with the parser at one address.
        let count = 5000
        let text = "targets:\n" + (0..<count).map { "  Target\($0):\n    type: application\n" }.joined()
        let file = try YAMLFile(path: "project.yml", text: text)
        let targets = try #require(file.root?["targets"])
        #expect(targets.pairs.count == count)
        let last = try #require(Array(targets.pairs).last)
        #expect(last.key.scalar == "Target\(count - 1)")
        #expect(last.value["type"]?.start.line == 1 + 2 * count)
    }

    @Test("several documents, anchors and aliases")
    func documentsAndAliases() throws {
        let file = try YAMLFile(path: "a.yml", text: "a: &v 1\nb: *v\n---\nc: 2\n")
        #expect(file.documents.count == 2)
        #expect(file.root?["b"] == file.root?["a"])
        #expect(file.documents[1]?["c"]?.scalar == "2")
    }

    @Test("a syntax error and an unknown alias point at their line and column")
    func errors() {
        do {
            _ = try YAMLFile(path: "bad.yml", text: "a: [1, 2\nb: 3\n")
            Issue.record("the parse should fail")
        } catch {
            #expect(error.location?.file == "bad.yml")
            #expect(error.location?.line == 2)
        }
        do {
            _ = try YAMLFile(path: "alias.yml", text: "a: 1\nb: *missing\n")
            Issue.record("the parse should fail")
        } catch {
            #expect(error.message == "unknown alias '*missing'")
            #expect(error.location?.line == 2)
            #expect(error.location?.column == 4)
        }
    }
}
