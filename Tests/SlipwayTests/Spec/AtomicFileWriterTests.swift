import Foundation
import Testing

@testable import SlipwayCore

@Suite("atomic multi-file writes")
struct AtomicFileWriterTests {
    let folder = TemporaryDirectory("slipway-atomic")

    func make(_ name: String, _ text: String, mode: Int = 0o644) throws -> String {
        let path = folder.url.appendingPathComponent(name).path
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        return path
    }

    func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    func leftovers() throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { $0.contains(".slipway-") }
    }

    @Test("every file is replaced, keeping its mode, and the backup restores the original bytes")
    func writesAndRestores() throws {
        let a = try make("project.yml", "a: 1\r\n", mode: 0o755)
        let b = try make("Targets/App.yml", "b: 1\n", mode: 0o600)
        let backup = try AtomicFileWriter().write([
            .init(path: a, bytes: Array("a: 2\r\n".utf8)), .init(path: b, bytes: Array("b: 2\n".utf8)),
        ])
        #expect(try contents(a) == "a: 2\r\n")
        #expect(try contents(b) == "b: 2\n")
        #expect(try FileManager.default.attributesOfItem(atPath: a)[.posixPermissions] as? Int == 0o755)
        #expect(try FileManager.default.attributesOfItem(atPath: b)[.posixPermissions] as? Int == 0o600)
        #expect(try leftovers().isEmpty)
        try backup.restore()
        #expect(try contents(a) == "a: 1\r\n")
        #expect(try contents(b) == "b: 1\n")
    }

    @Test("restoring leaves a file someone changed after the write as it is now, and restores the others")
    func restoreKeepsLaterEdits() throws {
        let a = try make("project.yml", "a: 1\n")
        let b = try make("Targets/App.yml", "b: 1\n")
        let backup = try AtomicFileWriter().write([
            .init(path: a, bytes: Array("a: 2\n".utf8)), .init(path: b, bytes: Array("b: 2\n".utf8)),
        ])
        try Data("b: edited\n".utf8).write(to: URL(fileURLWithPath: b))
        let kept = try backup.restore()
        #expect(kept == [b])
        #expect(try contents(a) == "a: 1\n")
        #expect(try contents(b) == "b: edited\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("when the second rename fails, the first file gets its bytes back and no temporary file is left")
    func allOrNothing() throws {
        let a = try make("one.yml", "one: 1\n")
        let b = try make("two.yml", "two: 1\n")
        nonisolated(unsafe) var calls = 0
        let failing = AtomicFileWriter(renameFile: { from, to in
            calls += 1
            if calls == 2 {
                errno = EACCES
                return -1
            }
            return rename(from, to)
        })
        #expect(throws: FileWriteError.self) {
            try failing.write([
                .init(path: a, bytes: Array("one: 2\n".utf8)), .init(path: b, bytes: Array("two: 2\n".utf8)),
            ])
        }
        #expect(try contents(a) == "one: 1\n")
        #expect(try contents(b) == "two: 1\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("when putting a replaced file back fails too, the error names it instead of claiming nothing changed")
    func failedRollback() throws {
        let a = try make("one.yml", "one: 1\n")
        let b = try make("two.yml", "two: 1\n")
        nonisolated(unsafe) var calls = 0
        // The first rename succeeds; the second, and the one that would put one.yml back, fail.
        let failing = AtomicFileWriter(renameFile: { from, to in
            calls += 1
            if calls >= 2 {
                errno = EACCES
                return -1
            }
            return rename(from, to)
        })
        do {
            _ = try failing.write([
                .init(path: a, bytes: Array("one: 2\n".utf8)), .init(path: b, bytes: Array("two: 2\n".utf8)),
            ])
            Issue.record("the write should fail")
        } catch {
            #expect(error.message.hasPrefix("cannot replace \(b): Permission denied; "))
            #expect(error.message.contains("new contents: \(a) (cannot replace \(a): Permission denied)"))
            #expect(!error.message.contains("no file was changed"))
            #expect(error.hint?.contains("git checkout") == true)
        }
        #expect(try contents(a) == "one: 2\n")
        #expect(try contents(b) == "two: 1\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("a file that changed since it was planned is not overwritten, and nothing else is written")
    func expectedBytes() throws {
        let a = try make("one.yml", "one: 1\n")
        let b = try make("two.yml", "two: edited by someone else\n")
        #expect(throws: FileWriteError.self) {
            try AtomicFileWriter().write([
                .init(path: a, bytes: Array("one: 2\n".utf8), expected: Array("one: 1\n".utf8)),
                .init(path: b, bytes: Array("two: 2\n".utf8), expected: Array("two: 1\n".utf8)),
            ])
        }
        #expect(try contents(a) == "one: 1\n")
        #expect(try contents(b) == "two: edited by someone else\n")
        #expect(try leftovers().isEmpty)
    }

    @Test("a symbolic link keeps pointing at its file, which is the one rewritten")
    func followsLinks() throws {
        let target = try make("real/project.yml", "v: 1\n")
        let link = folder.url.appendingPathComponent("project.yml").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        _ = try AtomicFileWriter().write([.init(path: link, bytes: Array("v: 2\n".utf8))])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try contents(target) == "v: 2\n")
    }

    @Test("a file that does not exist is an error, not a new file")
    func missingFile() throws {
        let path = folder.url.appendingPathComponent("absent.yml").path
        #expect(throws: FileWriteError.self) { try AtomicFileWriter().write([.init(path: path, bytes: [0x61])]) }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
