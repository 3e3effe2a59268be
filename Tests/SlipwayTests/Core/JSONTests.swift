import Foundation
import SlipwayCore
import Testing

/// The one JSON of Slipway: the value, its text, the reader, and `Codable` types through them.
@Suite("JSON: text, reader and Codable")
struct JSONTests {
    @Test("the reader reads every kind of value, numbers as Int when they are whole and fit")
    func reads() throws {
        let value = try JSON.parse(
            #" { "a": [1, -2, 3.5, 1e3, 12345678901234567890, true, false, null], "b": {"c": "d"}, "": "" } "#)
        #expect(
            value
                == .object([
                    "a": .array([
                        .int(1), .int(-2), .double(3.5), .double(1000), .double(12_345_678_901_234_567_890),
                        .bool(true), .bool(false), .null,
                    ]),
                    "b": .object(["c": .string("d")]), "": .string(""),
                ]))
        #expect(try JSON.parse("[]") == .array([]))
        #expect(try JSON.parse("{}") == .object([:]))
        #expect(try JSON.parse(#"{"a": 1, "a": 2}"#) == .object(["a": .int(2)]), "the last of two members counts")
    }

    @Test("escapes are decoded: \\/, control characters, \\u, and a surrogate pair as one character")
    func readsEscapes() throws {
        let text = #""a\"b\\c\/d\b\f\n\r\t\u0001\u00e9\ud83d\ude00""#
        #expect(try JSON.parse(text) == .string("a\"b\\c/d\u{8}\u{C}\n\r\t\u{1}é😀"))
        #expect(try JSON.parse("\"é😀\"") == .string("é😀"), "UTF-8 is read as it is")
    }

    @Test("what is not JSON is an error at its byte")
    func refuses() {
        let cases: [(String, Int)] = [
            ("", 0), ("[1,]", 3), ("{\"a\" 1}", 5), ("[1 2]", 3), ("nul", 3), ("01", 0), ("1.", 2), ("-", 1),
            ("\"a\nb\"", 2), ("\"\\x\"", 2), ("\"\\ud83d\"", 7), ("[1] x", 4), ("\"abc", 4), ("{\"a\": }", 6),
            ("\"\\u+041\"", 3), ("\"\\u-041\"", 3), ("\"\\u00g1\"", 5), ("\"\\u12\"", 5),
        ]
        for (text, offset) in cases {
            #expect(throws: JSON.ParseError.self, "\(text.debugDescription)") { try JSON.parse(text) }
            do {
                _ = try JSON.parse(text)
            } catch {
                #expect(error.offset == offset, "\(text.debugDescription): \(error)")
            }
        }
        let deep = String(repeating: "[", count: 101) + String(repeating: "]", count: 101)
        #expect(throws: JSON.ParseError.self) { try JSON.parse(deep) }
    }

    @Test("the deepest document the reader takes is read on a 512 KiB stack, as macOS gives a secondary thread")
    func deepestOnASmallStack() {
        let arrays = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let objects = String(repeating: #"{"a":"#, count: 100) + "1" + String(repeating: "}", count: 100)
        // Written by the thread before it signals, read here after the wait.
        nonisolated(unsafe) var readBack: [Bool] = []
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for text in [arrays, objects] {
                let value = try? JSON.parse(text)
                readBack.append(value.map { (try? JSON.parse($0.compact())) == $0 } ?? false)
            }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(readBack == [true, true])
    }

    @Test("what the writer writes, the reader reads back the same")
    func roundTrip() throws {
        let value: JSON = .object([
            "text": .string("line\n\"quoted\" \\ tab\t \u{0}\u{1F}\u{7F} é 😀 /"),
            "numbers": .array([.int(0), .int(-7), .int(Int.max), .double(0.1), .double(-2.5e-8), .double(3)]),
            "nested": .object(["empty": .array([]), "none": .null, "yes": .bool(true)]),
        ])
        #expect(try JSON.parse(value.compact()) == value.replacingWholeDoubles)
        #expect(try JSON.parse(value.pretty()) == value.replacingWholeDoubles)
    }

    struct Sample: Codable, Equatable {
        enum Step: Codable, Equatable {
            case write([UInt8], to: String)
            case wait(seconds: Double)
            case done
        }

        var name: String
        var count: Int32
        var ratio: Double
        var when: Date
        var bytes: Data
        var link: URL
        var note: String?
        var steps: [Step]
        var table: [String: [Int]]
    }

    @Test("a Codable value goes into JSON and back: dates, data as base64, URLs, nil left out, enums")
    func codable() throws {
        let sample = Sample(
            name: "release", count: -3, ratio: 0.25, when: Date(timeIntervalSinceReferenceDate: 789_012_345.678),
            bytes: Data([0, 1, 2, 250]), link: URL(string: "https://example.com/a?b=c")!, note: nil,
            steps: [.write([1, 2], to: "a.yml"), .wait(seconds: 1.5), .done], table: ["x": [1, 2], "y": []])
        let json = try JSON(encoding: sample)
        #expect(json["bytes"] == .string("AAEC+g=="))
        #expect(json["link"] == .string("https://example.com/a?b=c"))
        #expect(json["note"] == nil, "a nil optional is left out, as JSONEncoder leaves it")
        #expect(try json.decode(Sample.self) == sample)
        #expect(try JSON.decode(Sample.self, from: Array(json.pretty().utf8)) == sample)
    }

    @Test("a document Foundation's JSONEncoder wrote (a journal of an earlier Slipway) reads the same")
    func readsFoundationOutput() throws {
        let sample = Sample(
            name: "a/b", count: 7, ratio: 1e-3, when: Date(timeIntervalSinceReferenceDate: 12.5),
            bytes: Data("hello".utf8), link: URL(string: "file:///tmp/x")!, note: "n", steps: [.done], table: [:])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let written = try encoder.encode(sample)
        #expect(try JSON.decode(Sample.self, from: written) == sample)
    }

    @Test("a document of the wrong shape is a decoding error, not a crash")
    func wrongShape() {
        #expect(throws: DecodingError.self) { try JSON.object(["name": .int(1)]).decode(Sample.self) }
        #expect(throws: DecodingError.self) { try JSON.int(300).decode(UInt8.self) }
        #expect(throws: DecodingError.self) { try JSON.string("not base64!").decode(Data.self) }
    }
}

extension JSON {
    /// The value as the reader gives it back: a whole `.double` is written as an integer, so it reads as `.int`.
    fileprivate var replacingWholeDoubles: JSON {
        switch self {
        case .double(let value) where value == value.rounded() && abs(value) < 1e15: return .int(Int(value))
        case .array(let items): return .array(items.map(\.replacingWholeDoubles))
        case .object(let members): return .object(members.mapValues(\.replacingWholeDoubles))
        default: return self
        }
    }
}

@Suite("JSON: how strings are written")
struct JSONEscapingTests {
    @Test("control characters and DEL are escaped, short forms where JSON has them, else \\u00xx in lowercase")
    func controlCharacters() {
        let short: [Unicode.Scalar: String] = ["\u{8}": "\\b", "\t": "\\t", "\n": "\\n", "\u{C}": "\\f", "\r": "\\r"]
        for value in UInt32(0)..<0x20 {
            let scalar = Unicode.Scalar(value)!
            let hex = String(value, radix: 16)
            let expected = short[scalar] ?? "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            #expect(JSON.string(String(scalar)).compact() == "\"\(expected)\"", "U+\(hex)")
        }
        #expect(JSON.string("\u{7F}").compact() == #""\u007f""#)
    }

    @Test("quotes and backslashes are escaped; '/', non-ASCII and emoji are written as they are")
    func ordinaryCharacters() {
        #expect(JSON.string(#"say "hi" \ bye"#).compact() == #""say \"hi\" \\ bye""#)
        #expect(JSON.string("a/b é ü ß 日本 😀 \u{2028} e\u{301}").compact() == "\"a/b é ü ß 日本 😀 \u{2028} e\u{301}\"")
        #expect(JSON.object(["ké\"y": .string("v")]).compact() == #"{"ké\"y":"v"}"#, "keys are escaped the same way")
    }

    @Test("objects are written with sorted keys, compact and pretty")
    func layout() {
        let value: JSON = .object(["b": .array([.int(1), .null]), "a": .object([:]), "c": .array([])])
        #expect(value.compact() == #"{"a":{},"b":[1,null],"c":[]}"#)
        #expect(value.pretty() == "{\n  \"a\": {},\n  \"b\": [\n    1,\n    null\n  ],\n  \"c\": []\n}\n")
    }

    @Test("streamed to the console in chunks, a large document is the same bytes as the string")
    func streamed() throws {
        let files = (0..<3000).map { index in
            JSON.object(["path": .string("Sources/Feature \(index)/é\u{1}\"x\".swift"), "n": .int(index)])
        }
        let document = JSON.object(["files": .array(files)])
        let folder = TemporaryDirectory("slipway-json")
        let file = folder.url.appendingPathComponent("out.json")
        #expect(FileManager.default.createFile(atPath: file.path, contents: nil))
        let handle = try FileHandle(forWritingTo: file)
        let console = Console(outputDescriptor: handle.fileDescriptor)
        console.out("[")
        document.writeCompact(to: console)
        console.out("]")
        console.flush()
        try handle.close()
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.utf8.count > 1 << 17, "several chunks")
        #expect(written == "[" + document.compact() + "]")
    }
}
