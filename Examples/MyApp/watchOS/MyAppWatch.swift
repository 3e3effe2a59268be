import NotesKit
import SwiftUI

@main
struct MyAppWatch: App {
    var body: some Scene {
        WindowGroup {
            List(NoteStore().notes) { note in
                Text(note.title)
            }
        }
    }
}
