import SwiftUI

struct SettingsView: View {
    @AppStorage("sortPinnedFirst") private var sortPinnedFirst = true

    var body: some View {
        Form {
            Toggle("Show pinned notes first", isOn: $sortPinnedFirst)
        }
        .navigationTitle("Settings")
    }
}
