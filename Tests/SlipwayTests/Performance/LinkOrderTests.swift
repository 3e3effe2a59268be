import Foundation
import Testing

/// scripts/link-order.py, run as scripts/link-order.sh runs it, on a small lld map and callgrind profiles written
/// here: which sections it moves, in which order, and what it leaves in place. The file it wrote for the release
/// link (scripts/link-order.txt) is checked for the one format lld reads.
@Suite("Link order: the release link's symbol ordering")
struct LinkOrderTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let script = root.appendingPathComponent("scripts/link-order.py").path

    let folder = TemporaryDirectory("link-order")

    /// An lld map (-Map, --no-demangle): five .text input sections, two of them named only by one local symbol
    /// they share, one a whole object of 256 bytes, then a .rodata section.
    static let map = """
                     VMA              LMA     Size Align Out     In      Symbol
                    1000             1000      300  4096 .text
                    1000             1000       40    16         /x/a.o:(.text.alpha)
                    1000             1000       40     1                 alpha
                    1040             1040       40    16         /x/b.o:(.text.shared)
                    1040             1040       40     1                 shared_local
                    1080             1080       40    16         /x/c.o:(.text.shared)
                    1080             1080       40     1                 shared_local
                    10c0             10c0      100    16         /x/big.a(big.o):(.text)
                    10c0             10c0       10     1                 in_big
                    11c0             11c0       40    16         /x/d.o:(.text.delta)
                    11c0             11c0       20     1                 shared_local
                    11e0             11e0       20     1                 delta
                    2000             2000       10    16 .rodata
                    2000             2000       10    16         /x/e.o:(.rodata.table)
                    2000             2000       10     1                 table

        """

    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.url.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    func run(_ arguments: [String]) throws -> ProcessResult {
        try runProcess("/usr/bin/env", ["python3", Self.script] + arguments)
    }

    func symbols(_ result: ProcessResult) -> [String] {
        result.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
    }

    @Test("each executed section once, by a name only it defines, in the order the profiles first reach it")
    func order() throws {
        let map = try write("slipway.map", Self.map)
        // delta's section (absolute, then relative and repeated positions), then alpha, which calls.
        let first = try write(
            "1-first",
            "fn=(1) delta\n0x11e4 0 3\n+4 0 1\n* 0 1\nfn=(2) alpha\n0x1004 0 1\ncalls=1 0x1044 0\n0x1008 0 1\n")
        // shared_local's section (no name of its own), the big object, .rodata, and alpha again.
        let second = try write(
            "2-second",
            "fn=(3) shared_local\n0x1044 0 1\nfn=(4) in_big\n0x10c4 0 1\nfn=(5) table\n0x2004 0 1\n"
                + "fn=(2)\n0x1008 0 1\n")

        let small = try run(["--max-section", "128", map, first, second])
        #expect(small.status == 0, "\(small.stderr)")
        #expect(symbols(small) == ["delta", "alpha"])
        #expect(small.stdout.hasPrefix("# "), "the file says what wrote it, in a comment lld skips")

        let large = try run([map, first, second])
        #expect(symbols(large) == ["delta", "alpha", "in_big"], "256 bytes is under the default limit")

        // The line after calls= is the call's inclusive cost at the call site, written relative to the last cost line
        // (absolute when far from it) without moving it: not a position of its own.
        let call = try write("3-call", "fn=(2) alpha\n0x1004 0 1\ncalls=1 0x10c4 0\n0x10c4 0 9\n+4 0 1\n")
        #expect(symbols(try run([map, call])) == ["alpha"])

        let reversed = try run([map, second, first])
        #expect(symbols(reversed) == ["in_big", "alpha", "delta"], "the profiles' order is the file's order")
    }

    @Test("a map without .text, profiles of another build and a missing argument are refused with a reason")
    func refusals() throws {
        let profile = try write("profile", "fn=(1) alpha\n0x1004 0 1\n")
        let notMap = try run([try write("notes.txt", "not a map\n"), profile])
        #expect(notMap.status == 65)
        #expect(notMap.stderr.contains("lists no .text input sections"), "\(notMap.stderr)")

        let map = try write("slipway.map", Self.map)
        let elsewhere = try run([map, try write("other", "fn=(1) elsewhere\n0x9000 0 1\n")])
        #expect(elsewhere.status == 65)
        #expect(elsewhere.stderr.contains("profiles of another build"), "\(elsewhere.stderr)")

        let usage = try run([map])
        #expect(usage.status == 64)
        #expect(usage.stderr.contains("usage: scripts/link-order.py"), "\(usage.stderr)")
    }

    @Test("scripts/link-order.txt: a comment, then one symbol name a line, as lld's --symbol-ordering-file reads")
    func checkedInFile() throws {
        let text = try String(
            contentsOf: Self.root.appendingPathComponent("scripts/link-order.txt"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(text.hasSuffix("\n"))
        #expect(lines.first?.hasPrefix("# Written by scripts/link-order.sh") == true)
        let names = lines.filter { !$0.hasPrefix("#") }
        #expect(names.count > 1000, "a profile of the benchmark's commands names a few thousand sections")
        #expect(names.allSatisfy { !$0.isEmpty && !$0.contains(where: \.isWhitespace) })
        #expect(Set(names).count == names.count, "each section once")
    }

    @Test("release-options.sh asks lld for the ordering file beside it, and for nothing when the file is empty")
    func releaseOptions() throws {
        let scripts = folder.url.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: Self.root.appendingPathComponent("scripts/release-options.sh").path,
            toPath: scripts.appendingPathComponent("release-options.sh").path)
        let order = scripts.appendingPathComponent("link-order.txt")
        func options() throws -> ProcessResult {
            try runProcess(
                "/bin/sh", [scripts.appendingPathComponent("release-options.sh").path, folder.path + "/static"])
        }

        try Data("# test\nslipway_main\n".utf8).write(to: order)
        let ordered = try options()
        #expect(ordered.status == 0, "\(ordered.stderr)")
        if ordered.stdout.contains("-use-ld=lld") {
            #expect(ordered.stdout.contains("--symbol-ordering-file=\(order.path) "), "\(ordered.stdout)")
            #expect(ordered.stdout.contains("-Xfrontend -Xswiftc -function-sections"))
            #expect(ordered.stdout.contains("--no-warn-symbol-ordering"))
        } else {
            // Only two reasons leave the ordering out, and each says so.
            #expect(ordered.stderr.contains("no ld.lld") || ordered.stderr.contains("C libraries shared"))
        }

        try Data().write(to: order)
        let empty = try options()
        #expect(empty.status == 0, "\(empty.stderr)")
        #expect(!empty.stdout.contains("ordering") && !empty.stdout.contains("-use-ld=lld"), "\(empty.stdout)")
        #expect(
            empty.stderr.contains("link-order.txt is missing or empty") || empty.stderr.contains("C libraries shared"))
    }
}
