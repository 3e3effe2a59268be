import Foundation

/// The process's environment variables, read once: Slipway never changes its own environment, and
/// `ProcessInfo.processInfo.environment` builds a new dictionary on every read.
public enum ProcessEnvironment {
    public static let current: [String: String] = ProcessInfo.processInfo.environment
}
