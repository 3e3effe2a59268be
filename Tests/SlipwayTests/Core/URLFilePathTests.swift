import Foundation
import Testing

@testable import SlipwayCore

/// `URL.filePath` and `filePathExtension` stand in for Foundation's `path` and `pathExtension` on the hot paths;
/// they must give the same strings for every kind of file URL Slipway makes.
@Suite("file URL paths without Foundation's decoding")
struct URLFilePathTests {
    static let paths = [
        "/", "/a/b/", "/tmp/some dir/project.yml", "/tmp/é ü/%20x/p.yml", "/a/../b/./c", "/a/b#c?d;e",
        "//double//slash/", "/a/x.json", "/a/.json", "/a/x.JSON", "/a/x.", "/a/x", "/a.b/x", "/a/x.tar.json",
        "/a/x.json/", "/emoji/🚀 app/Project.yml", "/percent/100%/x", "/plus+and&/=x", "relative/x.yml",
        "/a/b//", "/tmp/x///", "/a/..json", "/a/...json", "/a/x.js on", "/a/x..json", "/a/.hidden.yml",
    ]

    static var urls: [URL] {
        paths.map { URL(fileURLWithPath: $0) } + paths.map { URL(fileURLWithPath: $0, isDirectory: true) }
            + [
                URL(fileURLWithPath: "x.yml", relativeTo: URL(fileURLWithPath: "/base/dir/", isDirectory: true)),
                URL(fileURLWithPath: "/tmp/x").appendingPathComponent("y z"),
                URL(fileURLWithPath: "/a/b/../c").standardizedFileURL,
            ]
    }

    @Test("the same path as Foundation's, escapes decoded and the trailing slash dropped")
    func paths() {
        for url in Self.urls { #expect(url.filePath == url.path, "\(url.absoluteString)") }
    }

    @Test("the same extension as Foundation's")
    func extensions() {
        for url in Self.urls { #expect(url.filePathExtension == url.pathExtension, "\(url.absoluteString)") }
    }
}
