// swift-tools-version:6.0
import PackageDescription

// Modules by capability, "A → B" meaning A imports B; ARCHITECTURE.md draws the graph. Each target lists exactly the
// modules its sources import: `make test` builds with --explicit-target-dependency-import-check, and SwiftPM refuses a
// cycle, so the arrows only point down. No umbrella module: SlipwayCLI and the tests import each module by name.
// The C libraries come from the system (Debian's -dev packages or Homebrew); no Swift package is fetched.
let package = Package(
    name: "Slipway",
    // The oldest macOS the released binary runs on (scripts/build-static-libs.sh builds its C libraries for it too).
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "slipway", targets: ["slipway"])
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
        // Wrappers, each the only code that touches its C library.
        .target(name: "SlipwayGit", dependencies: ["SlipwayCore", "CGit2"]),
        .target(name: "SlipwayYAML", dependencies: ["SlipwayCore", "CYAML"]),
        .target(name: "SlipwayCrypto", dependencies: ["SlipwayCore", "CCrypto"]),
        // Capabilities, lowest first; each imports only targets listed above it.
        .target(name: "SlipwayConfig", dependencies: ["SlipwayCore", "SlipwayYAML"]),
        .target(name: "SlipwaySpec", dependencies: ["SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML"]),
        .target(name: "SlipwayProject", dependencies: ["SlipwaySpec", "SlipwayCore", "SlipwayYAML"]),
        .target(
            name: "SlipwayWorkspace",
            dependencies: ["SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML"]
        ),
        .target(
            name: "SlipwayDetection",
            dependencies: [
                "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit",
            ]
        ),
        .target(
            name: "SlipwayDoctor",
            dependencies: [
                "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit",
            ]
        ),
        .target(
            name: "SlipwayVersioning",
            dependencies: [
                "SlipwayDetection", "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig",
                "SlipwayCore", "SlipwayGit", "SlipwayYAML",
            ]
        ),
        .target(
            name: "SlipwayPipeline",
            dependencies: [
                "SlipwayDetection", "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig",
                "SlipwayCore", "SlipwayGit", "SlipwayYAML",
            ]
        ),
        .target(
            name: "SlipwayRelease",
            dependencies: [
                "SlipwayPipeline", "SlipwayVersioning", "SlipwayDoctor", "SlipwayDetection", "SlipwayProject",
                "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayCrypto",
            ]
        ),
        .target(
            name: "SlipwayHooks",
            dependencies: [
                "SlipwayDetection", "SlipwayWorkspace", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayCrypto",
            ]
        ),
        // App Store Connect over HTTPS through the curl program on every platform (FoundationNetworking would load
        // libcurl into every command, hooks included). Only `testflight` and `--build testflight` use it.
        .target(name: "SlipwayAppStoreConnect", dependencies: ["SlipwayConfig", "SlipwayCore", "SlipwayCrypto"]),
        // The command line: parses arguments and calls one service per command.
        .target(
            name: "SlipwayCLI",
            dependencies: [
                "SlipwayAppStoreConnect", "SlipwayHooks", "SlipwayRelease", "SlipwayPipeline", "SlipwayVersioning",
                "SlipwayDoctor", "SlipwayDetection", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore",
            ]
        ),
        .executableTarget(name: "slipway", dependencies: ["SlipwayCLI"]),
        // The tests import the modules they check, and run the `slipway` executable (SlipwayBinary).
        .testTarget(
            name: "SlipwayTests",
            dependencies: [
                "slipway", "SlipwayAppStoreConnect", "SlipwayHooks", "SlipwayRelease", "SlipwayPipeline",
                "SlipwayVersioning", "SlipwayDoctor", "SlipwayDetection", "SlipwayProject", "SlipwayWorkspace",
                "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML", "SlipwayCrypto",
            ],
            path: "Tests/SlipwayTests"
        ),
    ]
)
