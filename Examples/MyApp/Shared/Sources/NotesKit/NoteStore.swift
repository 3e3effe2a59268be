import Foundation

/// Keeps the notes in the order the apps list them: pinned first, then the most recently modified.
public struct NoteStore: Sendable {
    public private(set) var notes: [Note] = []

    public init(notes: [Note] = []) {
        self.notes = notes
        sort()
    }

    public mutating func save(_ note: Note) {
        if let index = notes.firstIndex(where: { $0.id == note.id }) {
            notes[index] = note
        } else {
            notes.append(note)
        }
        sort()
    }

    public mutating func delete(id: UUID) {
        notes.removeAll { $0.id == id }
    }

    public func search(_ text: String) -> [Note] {
        guard !text.isEmpty else { return notes }
        return notes.filter { $0.title.localizedCaseInsensitiveContains(text) || $0.body.localizedCaseInsensitiveContains(text) }
    }

    private mutating func sort() {
        notes.sort { lhs, rhs in
            if lhs.isPinned != rhs.isPinned { return lhs.isPinned }
            return lhs.modified > rhs.modified
        }
    }
}
