import NotesKit
import SwiftUI

struct NoteListView: View {
    @Binding var store: NoteStore
    @State private var query = ""

    var body: some View {
        NavigationStack {
            List(store.search(query)) { note in
                VStack(alignment: .leading) {
                    Text(note.title).font(.headline)
                    Text(note.body).font(.subheadline).lineLimit(1)
                }
            }
            .searchable(text: $query)
            .navigationTitle("Notes")
        }
    }
}
