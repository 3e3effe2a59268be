import Foundation
import SlipwayCrypto
import SlipwayDistribution
import Testing

/// A Sparkle key pair: RFC 8032's first Ed25519 test vector, so the expected values are published ones.
enum SparkleTestKey {
    static let seedHex = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
    static let publicHex = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
    static var seed: [UInt8] { bytes(seedHex) }
    static var publicKey: [UInt8] { bytes(publicHex) }
    /// What `generate_keys -x` exports: base64 of the seed.
    static var secret: String { Data(seed).base64EncodedString() }

    static func bytes(_ hex: String) -> [UInt8] {
        var result: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 2)
            result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
            index = next
        }
        return result
    }

    /// The public key as a PEM file openssl reads, derived by openssl itself from the seed in PKCS#8 form.
    static func publicPEM(in folder: URL) throws -> String {
        let pkcs8 = bytes("302e020100300506032b657004220420") + seed
        let der = folder.appendingPathComponent("private.der")
        try Data(pkcs8).write(to: der)
        let pem = folder.appendingPathComponent("public.pem").path
        let result = try runProcess(
            "/usr/bin/env", ["openssl", "pkey", "-inform", "DER", "-in", der.path, "-pubout", "-out", pem])
        try #require(result.status == 0, "\(result.stderr)")
        return pem
    }
}

@Suite("Sparkle: the Ed25519 key")
struct SparkleKeyTests {
    @Test("the seed signs as RFC 8032 says, and gives its public key")
    func rfcVector() throws {
        let key = try Ed25519PrivateKey(sparkleBase64: SparkleTestKey.secret, source: "SPARKLE_PRIVATE_KEY")
        #expect(key.publicKey == SparkleTestKey.publicKey)
        let expected =
            "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
        #expect(try key.sign([]) == SparkleTestKey.bytes(expected))
    }

    @Test("the 64-byte seed-and-public form signs the same; a public half that does not match is refused")
    func seedAndPublic() throws {
        let both = Data(SparkleTestKey.seed + SparkleTestKey.publicKey).base64EncodedString()
        let key = try Ed25519PrivateKey(sparkleBase64: "\(both)\n", source: "KEY")
        #expect(
            try key.sign(Array("x".utf8))
                == (try Ed25519PrivateKey(sparkleBase64: SparkleTestKey.secret, source: "K").sign(Array("x".utf8))))
        let wrong = Data(SparkleTestKey.seed + [UInt8](repeating: 7, count: 32)).base64EncodedString()
        #expect(throws: SigningError.self) { try Ed25519PrivateKey(sparkleBase64: wrong, source: "KEY") }
    }

    @Test("a key that is not base64, the old 96-byte form, or another length is refused without quoting it")
    func refused() throws {
        let old = Data([UInt8](repeating: 1, count: 96)).base64EncodedString()
        let short = Data([UInt8](repeating: 2, count: 16)).base64EncodedString()
        for (text, reason) in [("not base64!", "not base64"), (old, "older 96-byte form"), (short, "16 bytes")] {
            do {
                _ = try Ed25519PrivateKey(sparkleBase64: text, source: "SPARKLE_PRIVATE_KEY")
                Issue.record("accepted \(reason)")
            } catch {
                #expect(error.message.contains(reason), "\(error.message)")
                #expect(error.message.contains("SPARKLE_PRIVATE_KEY"))
                #expect(!error.rendered.contains(text))
            }
        }
    }
}

@Suite("slipway appcast add")
struct AppcastCommandTests {
    let folder = TemporaryDirectory("slipway-appcast")
    let home = TemporaryDirectory("slipway-home")

    var environment: [String: String] {
        isolatedEnvironment(home: home.url, extra: ["SPARKLE_PRIVATE_KEY": SparkleTestKey.secret])
    }

    func archive(_ name: String = "App-1.2.0.zip", size: Int = 70_000) throws -> [UInt8] {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
        try Data(bytes).write(to: folder.url.appendingPathComponent(name))
        return bytes
    }

    func add(_ extra: [String] = [], build: String = "42", environment: [String: String]? = nil) throws
        -> ProcessResult
    {
        try SlipwayBinary.run(
            [
                "appcast", "add", "--feed", "site/appcast.xml", "--file", "App-1.2.0.zip", "--version", "1.2.0",
                "--build", build, "--url", "https://example.com/releases/v1.2.0/App-1.2.0.zip?a=1&b=2",
            ] + extra, in: folder.url, environment: environment ?? self.environment)
    }

    /// The feed's items as Python's ElementTree reads them, with Sparkle's namespace resolved.
    func items(_ feed: String) throws -> [[String: String]] {
        let script = """
            import json, sys, xml.etree.ElementTree as ET
            S = "{http://www.andymatuschak.org/xml-namespaces/sparkle}"
            root = ET.parse(sys.argv[1]).getroot()
            assert root.tag == "rss", root.tag
            out = []
            for item in root.find("channel").findall("item"):
                e = item.find("enclosure")
                d = item.find("description")
                out.append({
                    "title": item.findtext("title") or "", "pubDate": item.findtext("pubDate") or "",
                    "version": item.findtext(S + "version") or "",
                    "short": item.findtext(S + "shortVersionString") or "",
                    "channel": item.findtext(S + "channel") or "",
                    "minimum": item.findtext(S + "minimumSystemVersion") or "",
                    "notes": (d.text or "") if d is not None else "",
                    "format": d.get(S + "format", "") if d is not None else "",
                    "url": e.get("url", ""), "length": e.get("length", ""), "type": e.get("type", ""),
                    "signature": e.get(S + "edSignature", ""),
                })
            print(json.dumps(out))
            """
        let result = try runProcess("/usr/bin/env", ["python3", "-c", script, feed])
        try #require(result.status == 0, "\(result.stderr)")
        let parsed = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: String]]
        return try #require(parsed)
    }

    @Test("a new feed gets the item; Python reads it in Sparkle's namespace and openssl verifies the signature")
    func createsAndSigns() throws {
        let bytes = try archive()
        try "## Features\n- Sync ]]> & <more>\n\n".write(
            to: folder.url.appendingPathComponent("notes.md"), atomically: true, encoding: .utf8)
        let result = try add([
            "--channel", "beta", "--minimum-system-version", "13.0", "--notes-file", "notes.md",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("created site/appcast.xml with 1.2.0 (42), 70000 bytes"))
        #expect(result.stdout.contains(Data(SparkleTestKey.publicKey).base64EncodedString()))
        #expect(!(result.stdout + result.stderr).contains(SparkleTestKey.secret))

        let feed = folder.url.appendingPathComponent("site/appcast.xml").path
        let item = try #require(try items(feed).first)
        #expect(item["title"] == "1.2.0")
        #expect(item["version"] == "42")
        #expect(item["short"] == "1.2.0")
        #expect(item["channel"] == "beta")
        #expect(item["minimum"] == "13.0")
        #expect(item["notes"] == "## Features\n- Sync ]]> & <more>")
        #expect(item["format"] == "markdown")
        #expect(item["url"] == "https://example.com/releases/v1.2.0/App-1.2.0.zip?a=1&b=2")
        #expect(item["length"] == String(bytes.count))
        #expect(item["type"] == "application/octet-stream")
        #expect(item["pubDate"]?.hasSuffix(" +0000") == true)

        let encoded = try #require(item["signature"])
        let signature = try #require(Data(base64Encoded: encoded))
        #expect(signature.count == 64)
        let sigFile = folder.url.appendingPathComponent("signature.bin")
        try signature.write(to: sigFile)
        let pem = try SparkleTestKey.publicPEM(in: home.url)
        let archivePath = folder.url.appendingPathComponent("App-1.2.0.zip").path
        let verify = try runProcess(
            "/usr/bin/env",
            [
                "openssl", "pkeyutl", "-verify", "-pubin", "-inkey", pem, "-rawin", "-in", archivePath, "-sigfile",
                sigFile.path,
            ])
        #expect(verify.status == 0, "\(verify.stdout) \(verify.stderr)")
        #expect(verify.stdout.contains("Signature Verified Successfully"))
        // The same signature over other bytes does not verify: the check is real.
        try Data(bytes.dropLast()).write(to: URL(fileURLWithPath: archivePath))
        let tampered = try runProcess(
            "/usr/bin/env",
            [
                "openssl", "pkeyutl", "-verify", "-pubin", "-inkey", pem, "-rawin", "-in", archivePath, "-sigfile",
                sigFile.path,
            ])
        #expect(tampered.status != 0)
    }

    static let existingFeed = """
        <?xml version="1.0" standalone="yes"?>
        <!-- kept by hand: <item> in a comment is not an item -->
        <rss xmlns:sp="http://www.andymatuschak.org/xml-namespaces/sparkle" version="2.0">
          <channel>
            <title>Holder</title>
            <item>
              <title>1.1.0</title>
              <description><![CDATA[<p>Old <b>notes</b></p>]]></description>
              <enclosure url="https://example.com/1.1.0.zip" sp:version="41" sp:shortVersionString="1.1.0" length="3" type="application/octet-stream" sp:edSignature="x"/>
            </item>
          </channel>
        </rss>
        """

    @Test("an existing feed keeps every byte outside the new item, which goes first, in its indentation and prefix")
    func insertsOnly() throws {
        _ = try archive()
        let feed = folder.url.appendingPathComponent("site/appcast.xml")
        try FileManager.default.createDirectory(
            at: feed.deletingLastPathComponent(), withIntermediateDirectories: true)
        let old = Array(Self.existingFeed.utf8)
        try Data(old).write(to: feed)
        let result = try add()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("added to site/appcast.xml: 1.2.0 (42)"))
        let new = [UInt8](try Data(contentsOf: feed))
        // The old feed's first item (not the one in the comment) is where the new one goes.
        let text = Self.existingFeed
        let at = try #require(text.range(of: "<item>\n      <title>1.1.0"))
        let offset = text.utf8.distance(from: text.startIndex, to: at.lowerBound)
        let added = new.count - old.count
        #expect(Array(new.prefix(offset)) == Array(old.prefix(offset)), "bytes before the item changed")
        #expect(
            Array(new.suffix(old.count - offset)) == Array(old.suffix(old.count - offset)), "bytes after it changed")
        let inserted = String(decoding: new[offset..<(offset + added)], as: UTF8.self)
        #expect(inserted.hasPrefix("<item>\n      <title>1.2.0</title>"), "\(inserted)")
        #expect(inserted.contains("<sp:version>42</sp:version>"))
        #expect(inserted.hasSuffix("</item>\n    "), "\(inserted)")
        #expect(try items(feed.path).map { $0["version"] ?? "" } == ["42", ""])
    }

    @Test("a build the feed lists already is refused, as an element or as the older enclosure attribute")
    func duplicate() throws {
        _ = try archive()
        let feed = folder.url.appendingPathComponent("site/appcast.xml")
        try FileManager.default.createDirectory(
            at: feed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Self.existingFeed.write(to: feed, atomically: true, encoding: .utf8)
        let first = try add(build: "41")
        #expect(first.status == 2)
        #expect(first.stderr.contains("already has an item for build 41"), "\(first.stderr)")
        #expect(try String(contentsOf: feed, encoding: .utf8) == Self.existingFeed)
        #expect(try add().status == 0)
        let again = try add()
        #expect(again.status == 2)
        #expect(again.stderr.contains("already has an item for build 42"))
    }

    @Test("a feed that is not well-formed is an error at file:line:column")
    func malformed() throws {
        _ = try archive()
        let feed = folder.url.appendingPathComponent("site/appcast.xml")
        try FileManager.default.createDirectory(
            at: feed.deletingLastPathComponent(), withIntermediateDirectories: true)
        try
            "<rss xmlns:sparkle=\"http://www.andymatuschak.org/xml-namespaces/sparkle\">\n  <channel>\n  </item>\n</rss>\n"
            .write(to: feed, atomically: true, encoding: .utf8)
        let result = try add()
        #expect(result.status == 2)
        #expect(result.stderr.contains("site/appcast.xml:3:3: error:"), "\(result.stderr)")
        #expect(result.stderr.contains("</item> where </channel> should close"))
    }

    @Test("a missing or unusable key is an error naming the variable, never quoting its value")
    func keyErrors() throws {
        _ = try archive()
        var environment = self.environment
        environment.removeValue(forKey: "SPARKLE_PRIVATE_KEY")
        let missing = try add(environment: environment)
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("SPARKLE_PRIVATE_KEY is not set"))
        let old = Data([UInt8](repeating: 5, count: 96)).base64EncodedString()
        environment["RELEASE_KEY"] = old
        let wrong = try add(["--key-variable", "RELEASE_KEY"], environment: environment)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("the Sparkle private key in RELEASE_KEY is not usable"), "\(wrong.stderr)")
        #expect(!(wrong.stdout + wrong.stderr).contains(old))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("site/appcast.xml").path))
    }

    @Test("--feed and the rest come from ship.sparkle in .slipway.yml when not given")
    func fromConfiguration() throws {
        _ = try archive()
        try """
        ship:
          sparkle:
            feed: docs/appcast.xml
            downloadURL: https://example.com/{tag}/{file}
            channel: beta
            privateKeyVariable: APP_KEY

        """.write(to: folder.url.appendingPathComponent(".slipway.yml"), atomically: true, encoding: .utf8)
        var environment = isolatedEnvironment(home: home.url, extra: ["APP_KEY": SparkleTestKey.secret])
        environment["SPARKLE_PRIVATE_KEY"] = nil
        let result = try SlipwayBinary.run(
            [
                "appcast", "add", "--file", "App-1.2.0.zip", "--version", "1.2.0", "--build", "7", "--url",
                "https://example.com/v1.2.0/App-1.2.0.zip",
            ], in: folder.url, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let item = try #require(try items(folder.url.appendingPathComponent("docs/appcast.xml").path).first)
        #expect(item["channel"] == "beta")
        #expect(item["version"] == "7")
    }

    @Test("required options are usage errors")
    func usage() throws {
        let result = try SlipwayBinary.run(
            ["appcast", "add", "--feed", "a.xml", "--file", "x.zip", "--version", "1.0"], in: folder.url,
            environment: environment)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--build is required"))
    }
}
