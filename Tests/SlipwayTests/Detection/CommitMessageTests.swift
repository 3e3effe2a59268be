import Foundation
import SlipwayCore
import Testing

@testable import SlipwayDetection
@testable import SlipwayGit

/// What detect reads from a commit message: the tags it carries, its first line and subject, its Conventional
/// Commits header and the bump it asks for.
@Suite("commit messages: tags, first line, subject and Conventional Commits")
struct CommitMessageTests {
    @Test("tags are found anywhere in the message, ignoring case, in the configuration's order")
    func tags() {
        let message = CommitMessage("Fix the sheet\n\nShip it [DEPLOY], then [Release]")
        #expect(message.tags(from: ["[release]", "[skip deploy]", "[deploy]", ""]) == ["[release]", "[deploy]"])
        #expect(CommitMessage("[skip deploy] docs").tags(from: ["[deploy]", "[skip deploy]"]) == ["[skip deploy]"])
        #expect(CommitMessage("no tags here").tags(from: ["[deploy]"]).isEmpty)
    }

    @Test("a tag matches its canonically equal spelling: a precomposed é and e with a combining accent")
    func canonicalTags() {
        #expect(
            CommitMessage("[Déploiement] maintenant").tags(from: ["[de\u{301}ploiement]"]) == ["[de\u{301}ploiement]"])
        #expect(CommitMessage("[de\u{301}ploiement]").tags(from: ["[déploiement]"]) == ["[déploiement]"])
        #expect(CommitMessage("[deploiement]").tags(from: ["[déploiement]"]).isEmpty)
        // The Greek question mark is canonically a semicolon; a tag ending in one finds it.
        #expect(CommitMessage("ship it;\u{37E} now").tags(from: ["it;;"]) == ["it;;"])
        // A tag followed by a combining accent is another character there: not found.
        #expect(CommitMessage("[deploy]\u{301}").tags(from: ["[deploy]"]).isEmpty)
    }

    @Test("the first line ends at the first line feed")
    func firstLine() {
        #expect("title\nbody\nmore".firstLine == "title")
        #expect("only line".firstLine == "only line")
        #expect("".firstLine == "")
        #expect("\nbody".firstLine == "")
        #expect("é 😀\nx".firstLine == "é 😀")
        // "\r\n" is one Character, not "\n": the line goes on to the next line feed, as a Character search finds it.
        #expect("a\r\nb\nc".firstLine == "a\r\nb")
        #expect("a\r\nb".firstLine == "a\r\nb")
        // A combining mark after a line feed starts the next line; the line feed stays a Character of its own.
        #expect("e\n\u{301}x".firstLine == "e")
        for message in ["a\r\nb\nc", "e\n\u{301}x", "x\r\r\n\ny", "\u{1F1FA}\u{1F1F8}\nz"] {
            #expect(message.firstLine == message[..<(message.firstIndex(of: "\n") ?? message.endIndex)])
        }
    }

    @Test("a commit's subject is its first line without white space at either end, Unicode's included")
    func subject() throws {
        let oid = try #require(OID(hex: String(repeating: "a", count: 40)))
        let signature = Commit.Signature(name: "", email: "", time: 0)
        func subject(_ message: String) -> String {
            Commit(id: oid, parents: [], treeID: oid, message: message, author: signature, committer: signature)
                .subject
        }
        #expect(subject("Fix the sheet\n\nBody") == "Fix the sheet")
        #expect(subject("  \tFix  the sheet \t\n") == "Fix  the sheet")
        #expect(subject("\u{3000}Titre\u{A0}\u{2009}\nx") == "Titre", "ideographic, no-break and thin spaces")
        #expect(subject("\u{85}x\u{2029}") == "x", "next line and paragraph separator")
        #expect(subject("\n\nbody") == "")
    }

    @Test("Conventional Commits headers: type, optional scope, '!' for breaking, then ': '")
    func conventionalHeaders() {
        let cases: [(String, (name: String, breaking: Bool)?)] = [
            ("feat: add notes", ("feat", false)), ("feat!: drop iOS 15", ("feat", true)),
            ("fix(ui)!: x", ("fix", true)), ("Feat(ui): x", ("feat", false)), ("f-e_a: x", ("f-e_a", false)),
            ("été: x", ("été", false)), ("feat(: x", nil), ("feat:x", nil), (": x", nil), ("(ui): x", nil),
            ("feat(ui)x: y", nil), ("feat!!: x", nil), ("fix 2: x", nil), ("no header", nil),
        ]
        for (header, expected) in cases {
            let parsed = CommitMessage.conventionalType(header[...])
            #expect(parsed?.name == expected?.name && parsed?.breaking == expected?.breaking, "\(header)")
        }
    }

    @Test("the bump a message asks for: major, minor or patch")
    func bumpLevel() {
        #expect(CommitMessage("Rework storage [MAJOR]").bumpLevel == .major)
        #expect(CommitMessage("feat!: drop iOS 15").bumpLevel == .major)
        #expect(CommitMessage("fix: x\n\nBREAKING CHANGE: the store moved").bumpLevel == .major)
        #expect(CommitMessage("fix: x\n\nBREAKING-CHANGE: the store moved").bumpLevel == .major)
        #expect(CommitMessage("BREAKING CHANGE: only in the header").bumpLevel == .patch)
        #expect(CommitMessage("feat(notes): pin a note").bumpLevel == .minor)
        #expect(CommitMessage("Polish [release]").bumpLevel == .minor)
        #expect(CommitMessage("fix: typo").bumpLevel == .patch)
    }
}
