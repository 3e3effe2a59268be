import NotesKit
import SwiftUI

@main
struct MyApp: App {
    @State private var store = NoteStore()

    var body: some Scene {
        WindowGroup {
            NoteListView(store: $store)
        }
    }
}
