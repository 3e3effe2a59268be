/// The spec bench/bump.sh generates (its awk program, in Swift), with `targets` targets.
enum BenchSpec {
    static func text(targets: Int) -> String {
        var text = """
            # Generated for bench/bump.sh: a large app with many extensions.
            name: Bench
            options:
              bundleIdPrefix: com.example.bench
            settings:
              base:
                MARKETING_VERSION: 3.14.15
                CURRENT_PROJECT_VERSION: 9265
            targets:

            """
        for index in 1...targets { text += target(index) }
        return text + "# padding\n# padding\n"
    }

    private static func target(_ index: Int) -> String {
        let name = "Target" + String(repeating: "0", count: max(0, 3 - String(index).count)) + String(index)
        return """
              \(name):
                type: app-extension
                platform: iOS
                deploymentTarget: "17.0"
                sources:
                  - path: Extensions/\(name)
                    excludes: ["**/*.md"]
                dependencies:
                  - package: SharedKit
                  - target: Core
                    embed: false
                settings:
                  base:
                    PRODUCT_BUNDLE_IDENTIFIER: com.example.bench.\(name.lowercased())
                    # Every extension ships with the app: same version, same build.
                    MARKETING_VERSION: 3.14.15
                    CURRENT_PROJECT_VERSION: "9265"
                    SWIFT_VERSION: "5.10"
                    SWIFT_STRICT_CONCURRENCY: complete
                    ENABLE_USER_SCRIPT_SANDBOXING: YES
                    CODE_SIGN_STYLE: Automatic
                  configs:
                    Debug:
                      SWIFT_ACTIVE_COMPILATION_CONDITIONS: DEBUG
                      ONLY_ACTIVE_ARCH: YES
                    Release:
                      SWIFT_OPTIMIZATION_LEVEL: -O
                      VALIDATE_PRODUCT: YES
                info:
                  path: Extensions/\(name)/Info.plist
                  properties:
                    CFBundleShortVersionString: $(MARKETING_VERSION)
                    CFBundleVersion: $(CURRENT_PROJECT_VERSION)
                    CFBundleDisplayName: Extension \(index)
                    NSExtension:
                      NSExtensionPointIdentifier: com.apple.widgetkit-extension
                entitlements:
                  path: Extensions/\(name)/Target.entitlements
                  properties:
                    com.apple.security.application-groups: [group.com.example.bench]
                preBuildScripts:
                  - name: Lint
                    script: |
                      if command -v swiftlint >/dev/null; then swiftlint lint --quiet; fi
                    basedOnDependencyAnalysis: false
                scheme:
                  testTargets: []
                  gatherCoverageData: true


            """
    }
}
