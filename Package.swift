// swift-tools-version:6.0
import PackageDescription

// Dependencies point down, "A → B" meaning A imports B (ARCHITECTURE.md draws the whole graph): slipway → SlipwayCLI →
// SlipwayHooks, SlipwayRelease, SlipwayAppStoreConnect and the modules whose services its commands call;
// SlipwayRelease → SlipwayPipeline, SlipwayDoctor, SlipwayVersioning; Pipeline and Versioning → SlipwayDetection →
// SlipwayWorkspace, SlipwayProject → SlipwaySpec → SlipwayConfig (SlipwayDoctor → SlipwayProject); every capability →
// SlipwayGit, SlipwayYAML, SlipwayCrypto (as each needs) → SlipwayCore. No umbrella module: the CLI and the tests
// import each module they use by name. SwiftPM refuses a cycle, and `make test` builds with
// --explicit-target-dependency-import-check, so a module imports only what it declares.
// The C libraries come from the system (Debian's -dev packages or Homebrew); no Swift package is fetched.
let package = Package(
    name: "Slipway",
    // The oldest macOS the released binary runs on (scripts/build-static-libs.sh builds its C libraries for it too).
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "slipway", targets: ["slipway"]),
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
        .target(name: "SlipwayGit", dependencies: ["SlipwayCore", "CGit2"]),
        .target(name: "SlipwayYAML", dependencies: ["SlipwayCore", "CYAML"]),
        .target(name: "SlipwayCrypto", dependencies: ["SlipwayCore", "CCrypto"]),
        // Capabilities, lowest first; each imports only targets it lists, all of them above it here.
        .target(name: "SlipwayConfig", dependencies: ["SlipwayCore", "SlipwayYAML"]),
        .target(name: "SlipwaySpec", dependencies: ["SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML"]),
        .target(
            name: "SlipwayProject", dependencies: ["SlipwaySpec", "SlipwayCore", "SlipwayYAML"]),
        .target(
            name: "SlipwayWorkspace",
            dependencies: ["SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML"]
        ),
        .target(
            name: "SlipwayDetection",
            dependencies: ["SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit"]
        ),
        .target(
            name: "SlipwayDoctor",
            dependencies: ["SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore"]
        ),
        .target(
            name: "SlipwayVersioning",
            dependencies: ["SlipwayDetection", "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML"]
        ),
        .target(
            name: "SlipwayPipeline",
            dependencies: ["SlipwayDetection", "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML"]
        ),
        .target(
            name: "SlipwayRelease",
            dependencies: ["SlipwayPipeline", "SlipwayVersioning", "SlipwayDoctor", "SlipwayDetection", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayCrypto"]
        ),
        .target(
            name: "SlipwayHooks",
            dependencies: ["SlipwayDetection", "SlipwayWorkspace", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayCrypto"]
        ),
        // App Store Connect over HTTPS: URLSession on macOS, the curl program on Linux (FoundationNetworking would be
        // loaded, with libcurl, by every command, hooks included). Only `testflight` and `--build testflight` use it.
        .target(name: "SlipwayAppStoreConnect", dependencies: ["SlipwayConfig", "SlipwayCore", "SlipwayCrypto"]),
        .target(
            name: "SlipwayCLI",
            dependencies: ["SlipwayAppStoreConnect", "SlipwayHooks", "SlipwayRelease", "SlipwayPipeline", "SlipwayVersioning", "SlipwayDoctor", "SlipwayDetection", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore"]
        ),
        .executableTarget(name: "slipway", dependencies: ["SlipwayCLI"]),
        // The tests import the modules they check and run the `slipway` executable (SlipwayBinary), built with them.
        .testTarget(
            name: "SlipwayTests",
            dependencies: ["slipway", "SlipwayAppStoreConnect", "SlipwayHooks", "SlipwayRelease", "SlipwayPipeline", "SlipwayVersioning", "SlipwayDoctor", "SlipwayDetection", "SlipwayProject", "SlipwayWorkspace", "SlipwaySpec", "SlipwayConfig", "SlipwayCore", "SlipwayGit", "SlipwayYAML", "SlipwayCrypto"],
            path: "Tests/SlipwayTests"
        ),
    ]
)
