import Foundation

/// A fresh folder under the system's temporary directory, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init(_ label: String = "slipway-test") {
        let base = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
        url = base.appendingPathComponent("\(label)-\(UUID().uuidString)", isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var path: String { url.path }
}
