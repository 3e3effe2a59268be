// swift-tools-version:5.9
import PackageDescription

// NotesKit: the model and storage code that the iOS and watchOS apps both compile.
let package = Package(
    name: "NotesKit",
    products: [.library(name: "NotesKit", targets: ["NotesKit"])],
    targets: [
        .target(name: "NotesKit"),
        .testTarget(name: "NotesKitTests", dependencies: ["NotesKit"]),
    ]
)
