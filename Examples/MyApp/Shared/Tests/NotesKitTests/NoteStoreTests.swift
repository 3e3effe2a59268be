import Foundation
import NotesKit
import XCTest

final class NoteStoreTests: XCTestCase {
    func testPinnedNotesComeFirst() {
        let old = Note(title: "Old", modified: Date(timeIntervalSince1970: 0), isPinned: true)
        let new = Note(title: "New", modified: Date(timeIntervalSince1970: 100))
        let store = NoteStore(notes: [new, old])
        XCTAssertEqual(store.notes.map(\.title), ["Old", "New"])
    }

    func testSavingUpdatesInPlace() {
        var note = Note(title: "Draft")
        var store = NoteStore(notes: [note])
        note.title = "Final"
        store.save(note)
        XCTAssertEqual(store.notes.count, 1)
        XCTAssertEqual(store.notes.first?.title, "Final")
    }

    func testSearchIgnoresCase() {
        let store = NoteStore(notes: [Note(title: "Groceries", body: "Milk"), Note(title: "Ideas")])
        XCTAssertEqual(store.search("milk").map(\.title), ["Groceries"])
    }
}
