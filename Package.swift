// swift-tools-version:6.0
import PackageDescription

// Dependencies point one way: slipway → SlipwayCLI → SlipwayKit → (SlipwayGit, SlipwayYAML, SlipwayCrypto) → SlipwayCore.
// The C libraries come from the system (Debian's -dev packages or Homebrew); no Swift package is fetched.
let package = Package(
    name: "Slipway",
    products: [
        .executable(name: "slipway", targets: ["slipway"]),
        .library(name: "SlipwayKit", targets: ["SlipwayKit"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        // Declarations glibc hides behind _GNU_SOURCE (pipe2, posix_spawn_file_actions_addchdir_np); header only.
        .systemLibrary(name: "CSpawn"),
        .target(name: "SlipwayCore", dependencies: ["CSpawn"]),
        .target(
            name: "CGitCertificates",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(name: "SlipwayGit", dependencies: ["CGit2", "CGitCertificates", "SlipwayCore"]),
        .target(name: "SlipwayYAML", dependencies: ["CYAML", "SlipwayCore"]),
        .target(name: "SlipwayCrypto", dependencies: ["CCrypto", "SlipwayCore"]),
        .target(
            name: "SlipwayKit",
            dependencies: ["SlipwayCore", "SlipwayGit", "SlipwayYAML", "SlipwayCrypto"]
        ),
        .target(name: "SlipwayCLI", dependencies: ["SlipwayKit", "SlipwayCore"]),
        .executableTarget(name: "slipway", dependencies: ["SlipwayCLI"]),
        .testTarget(
            name: "SlipwayTests",
            dependencies: ["SlipwayKit", "SlipwayCLI", "SlipwayCore", "SlipwayGit", "SlipwayYAML", "SlipwayCrypto"],
            path: "Tests/SlipwayTests"
        ),
    ]
)
