import Foundation
import Testing

/// `detect --each` reuses the parent's trees from one comparison to the next and takes parents' trees from the
/// commit list; every verdict must still be exactly the one `detect <commit>` gives on its own.
@Suite("detect --each: the same verdicts as one commit at a time")
struct EachMatchesSingleTests {
    @Test("every line of --each --json equals detect <sha> --json for that commit")
    func eachEqualsSingle() throws {
        let repo = try TestRepository()
        try repo.write("project.yml", "name: App\ninclude:\n  - Specs/ios.yml\n")
        try repo.write("Specs/ios.yml", "targets: {}\n")
        for name in ["A", "B", "C"] {
            try repo.write("Shared/Features/Notes/Views/\(name)View.swift")
            try repo.write("iOS/Features/Notes/\(name)Controller.swift")
            try repo.write("Packages/Kit/Sources/Kit/Core/\(name).swift")
        }
        try repo.commit("Initial import")
        // Neighbouring commits in the same folders, so the next comparison reuses the previous one's trees.
        try repo.write("Shared/Features/Notes/Views/AView.swift", "// edited\n")
        try repo.commit("fix: A view")
        try repo.write("Shared/Features/Notes/Views/BView.swift", "// edited\n")
        try repo.write("Shared/Features/Notes/Models/Note.swift")
        try repo.commit("feat: note model [deploy]")
        try repo.move("iOS/Features/Notes/AController.swift", "iOS/Features/Notes/Legacy/AController.swift")
        try repo.commit("Move A controller")
        // A whole folder moves: its tree appears unchanged on the other side.
        try repo.move("Packages/Kit/Sources/Kit/Core", "Packages/Kit/Sources/Kit/Base")
        try repo.commit("Rename Core to Base")
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.write("Shared/Features/Notes/Views/CView.swift", "// feature\n")
        try repo.commit("Feature work")
        try repo.git(["checkout", "-q", "main"])
        try repo.write("Specs/ios.yml", "targets: {App: {}}\n")
        try repo.commit("Spec: add the app target")
        try repo.git(["merge", "-q", "--no-ff", "-m", "Merge branch 'feature'", "feature"])
        try repo.remove("iOS/Features/Notes/BController.swift")
        try repo.commit("Remove B controller [skip deploy]")

        let each = try repo.slipway("detect", "--each", "HEAD", "--json")
        #expect(each.status == 0)
        let lines = each.stdout.split(separator: "\n").map(String.init)
        let shas = try repo.git(["rev-list", "HEAD"]).split(separator: "\n").map(String.init)
        #expect(lines.count == shas.count)
        for line in lines {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            let sha = try #require((object?["range"] as? [String: Any])?["head"] as? String)
            #expect(shas.contains(sha))
            let single = try repo.slipway("detect", sha, "--json")
            #expect(single.status == 0)
            #expect(line + "\n" == droppingAffected(single.stdout), "commit \(sha)")
        }
    }
}
