import Foundation
import Testing

/// Repositories for the detect rule suites.
enum AppRepository {
    /// A repository with one commit of ordinary app code, so later commits are judged against a parent.
    static func make() throws -> TestRepository {
        let repo = try TestRepository()
        try repo.touch("iOS/App.swift", "watchOS/Watch.swift", "Shared/Model.swift", "README.md")
        try repo.commit("Initial commit")
        return repo
    }
}
