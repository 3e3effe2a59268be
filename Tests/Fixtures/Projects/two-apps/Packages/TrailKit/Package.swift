// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "TrailKit",
    products: [.library(name: "TrailKit", targets: ["TrailKit"])],
    targets: [.target(name: "TrailKit")]
)
