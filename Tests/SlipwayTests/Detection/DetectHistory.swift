import Foundation

/// A small history with a merge, every commit dated so `git log`'s order is fixed:
///
///     root ─ A ─ B ───── M ─ C      (main)
///             ╲        ╱
///              F1 ─ F2              (feature)
struct DetectHistory {
    let repo: TestRepository
    let root: String, a: String, b: String, f1: String, f2: String, merge: String, c: String

    init() throws {
        let repo = try TestRepository()
        self.repo = repo
        try repo.write("project.yml", "name: MyApp\n")
        try repo.touch("iOS/App.swift", "Shared/Model.swift", "README.md")
        root = try repo.commit("Initial commit", date: 1_000)
        try repo.touch("iOS/Settings.swift")
        a = try repo.commit("feat: settings screen", date: 1_100)
        try repo.git(["checkout", "-q", "-b", "feature"])
        try repo.touch("Shared/Sync.swift")
        f1 = try repo.commit("[deploy] sync engine", date: 1_200)
        try repo.git(["checkout", "-q", "main"])
        try repo.edit("README.md")
        b = try repo.commit("Docs", date: 1_300)
        try repo.git(["checkout", "-q", "feature"])
        try repo.edit("Shared/Sync.swift")
        f2 = try repo.commit("fix(sync)!: new protocol", date: 1_400)
        try repo.git(["checkout", "-q", "main"])
        try repo.git(["merge", "-q", "--no-ff", "--no-commit", "feature"])
        merge = try repo.commit("Merge branch 'feature'", date: 1_500)
        try repo.edit("iOS/App.swift")
        c = try repo.commit("Tidy up [skip deploy]", date: 1_600)
    }
}
