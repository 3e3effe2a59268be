import Foundation
import SlipwayCore
import SlipwayProject

/// Checks that read the files targets compile: the privacy manifest, and platform frameworks in shared code.
struct SourceChecks {
    let project: DoctorProject

    func run() -> [DoctorFinding] {
        var files: [String: [URL]] = [:]
        for target in project.model.targets { files[target.name] = project.files(of: target) }
        return privacyManifests(files) + platformImports(files)
    }

    /// An app without `PrivacyInfo.xcprivacy` in its sources.
    func privacyManifests(_ files: [String: [URL]]) -> [DoctorFinding] {
        project.model.targets.filter(project.isTopLevelApp).compactMap { app in
            guard !(files[app.name] ?? []).contains(where: { $0.lastPathComponent == "PrivacyInfo.xcprivacy" }) else {
                return nil
            }
            let folder = app.sources.first?.path.value ?? "Sources"
            return DoctorFinding(
                .missingPrivacyManifest, "the app '\(app.name)' has no PrivacyInfo.xcprivacy among its sources",
                at: app.location,
                fix:
                    "add \(folder)/PrivacyInfo.xcprivacy (Xcode: File > New > App Privacy) declaring what the app collects"
            )
        }
    }

    /// Frameworks a platform lacks: UIKit on macOS and watchOS (whose UIKit is a few types, no views, so a file
    /// written for iOS's fails the watch build), AppKit outside macOS, WatchKit outside watchOS.
    static let available: [String: Set<String>] = [
        "UIKit": ["iOS", "tvOS", "visionOS", "macCatalyst"],
        "AppKit": ["macOS"],
        "WatchKit": ["watchOS"],
    ]

    /// A Swift file that targets of several platforms compile and that imports a platform's UI framework outside
    /// `#if`: an error where a platform compiling it lacks the framework, a warning where each has it.
    func platformImports(_ files: [String: [URL]]) -> [DoctorFinding] {
        var platforms: [URL: [String]] = [:]
        for target in project.model.targets {
            for file in files[target.name] ?? [] where file.pathExtension == "swift" {
                for platform in target.platforms where !(platforms[file] ?? []).contains(platform) {
                    platforms[file, default: []].append(platform)
                }
            }
        }
        var findings: [DoctorFinding] = []
        for (file, compiled) in platforms.sorted(by: { $0.key.path < $1.key.path }) where compiled.count > 1 {
            for found in Self.unguardedImports(in: project.read(file)) {
                let lacking = compiled.filter { !(Self.available[found.module] ?? []).contains($0) }
                let all = compiled.joined(separator: ", ")
                let message =
                    lacking.isEmpty
                    ? "\(found.module) is imported in a file compiled for \(all), outside #if"
                    : "\(found.module) is imported in a file compiled for \(all), and \(lacking.joined(separator: ", "))"
                        + " \(lacking.count == 1 ? "has" : "have") no \(found.module)"
                        + (found.module == "UIKit" && lacking.contains("watchOS")
                            ? " views (the watch build fails)" : "")
                findings.append(
                    DoctorFinding(
                        .platformImport, message,
                        at: SourceLocation(file: project.display(file), line: found.line, column: found.column),
                        fix:
                            "use SwiftUI types here, or wrap the import and its uses in #if os(...) / #if canImport(\(found.module))",
                        severity: lacking.isEmpty ? .warning : .error))
            }
        }
        return findings
    }

    /// `import UIKit` (also `@testable`, `@_exported`, `import class UIKit.UIColor`) at no `#if` depth.
    static func unguardedImports(in data: Data?) -> [(module: String, line: Int, column: Int)] {
        guard let data else { return [] }
        var result: [(module: String, line: Int, column: Int)] = []
        var depth = 0
        var number = 0
        for raw in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("#if") {
                depth += 1
            } else if line.hasPrefix("#endif") {
                depth = max(0, depth - 1)
            }
            guard depth == 0, let range = line.range(of: "import ") else { continue }
            let before = line[..<range.lowerBound].split(separator: " ")
            guard before.allSatisfy({ $0.hasPrefix("@") }) else { continue }
            var words = line[range.upperBound...].split(separator: " ")
            if let first = words.first,
                ["class", "struct", "enum", "protocol", "func", "var", "let", "typealias"]
                    .contains(first)
            {
                words.removeFirst()
            }
            guard let name = words.first?.split(separator: ".").first.map(String.init), available[name] != nil
            else { continue }
            let column = raw.distance(from: raw.startIndex, to: line.startIndex) + 1
            result.append((name, number, column))
        }
        return result
    }
}
