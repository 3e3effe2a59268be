import Foundation

/// A note as both apps show it.
public struct Note: Identifiable, Equatable, Codable, Sendable {
    public var id: UUID
    public var title: String
    public var body: String
    public var modified: Date
    public var isPinned: Bool

    public init(id: UUID = UUID(), title: String, body: String = "", modified: Date = Date(), isPinned: Bool = false) {
        self.id = id
        self.title = title
        self.body = body
        self.modified = modified
        self.isPinned = isPinned
    }
}
