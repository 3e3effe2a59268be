import Foundation
import SlipwaySpec

extension SpecContext {
    /// Uses an already opened workspace (as `slipway release` does).
    public init(workspace: Workspace, currentDirectory: URL, environment: [String: String]) {
        self.init(
            currentDirectory: currentDirectory, root: workspace.root, repository: workspace.repository,
            configuration: workspace.configuration, environment: environment)
    }
}
