import SlipwayCore
import SlipwayProject

/// What App Store Connect refuses or warns about when a build is uploaded, found in the spec beforehand.
struct AppStoreChecks {
    let project: DoctorProject
    let settings: SettingResolver

    init(project: DoctorProject) {
        self.project = project
        settings = SettingResolver(model: project.model)
    }

    func run() -> [DoctorFinding] {
        watchApps() + versions() + infoVersionLiterals() + usageDescriptions() + encryptionKeys()
    }

    func info(_ target: ProjectTarget) -> TargetInfo {
        TargetInfo(target, files: project.files, settings: settings)
    }

    /// The bundle id every config shares (or the first), expanded; `nil` when a setting it names is unknown.
    func bundleID(_ target: ProjectTarget) -> Located<String>? {
        guard let found = target.bundleIdentifiers.first(where: { $0.config == nil }) ?? target.bundleIdentifiers.first,
            let value = settings.expand(found.value, for: target)
        else { return nil }
        return Located(value, at: found.location)
    }

    /// ITMS-90376 and `WKCompanionAppBundleIdentifier`: a watch app inside an iOS app.
    func watchApps() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        for watch in project.model.targets where DoctorProject.isWatchApp(watch) {
            for app in project.containers(of: watch) where app.platforms.contains("iOS") {
                guard let appID = bundleID(app) else { continue }
                if let watchID = bundleID(watch), !watchID.value.hasPrefix(appID.value + ".") {
                    findings.append(
                        DoctorFinding(
                            .watchBundleID,
                            "the watch app '\(watch.name)' has the bundle id '\(watchID.value)', which does not extend its iOS app's '\(appID.value)'",
                            at: watchID.location,
                            fix: "set PRODUCT_BUNDLE_IDENTIFIER of '\(watch.name)' to '\(appID.value).watchkitapp'"))
                }
                let keys = info(watch)
                let key = "WKCompanionAppBundleIdentifier"
                if let companion = keys[key] {
                    let value = companion.text.flatMap { settings.expand($0, for: watch) }
                    if let value, value != appID.value {
                        findings.append(
                            DoctorFinding(
                                .watchCompanionID,
                                "\(key) of '\(watch.name)' is '\(value)', not its iOS app's bundle id '\(appID.value)'",
                                at: companion.location, fix: "set \(key) to '\(appID.value)'"))
                    }
                } else if keys.known {
                    findings.append(
                        DoctorFinding(
                            .watchCompanionID, "the watch app '\(watch.name)' has no \(key)", at: keys.anchor,
                            fix: "add \(key): '\(appID.value)' under the watch app's info.properties"))
                }
            }
        }
        return findings
    }

    /// ITMS-90473: an embedded bundle's versions differ from its app's.
    func versions() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        let pairs = [
            ("CFBundleShortVersionString", "MARKETING_VERSION"), ("CFBundleVersion", "CURRENT_PROJECT_VERSION"),
        ]
        for app in project.model.targets where project.isTopLevelApp(app) {
            for embedded in project.model.dependencyClosure(of: app.name) where DoctorProject.isEmbeddedBundle(embedded)
            {
                for (key, setting) in pairs {
                    guard let appVersion = version(key, setting, of: app),
                        let version = version(key, setting, of: embedded), version.value != appVersion.value
                    else { continue }
                    findings.append(
                        DoctorFinding(
                            .versionMismatch,
                            "'\(embedded.name)' has \(key) '\(version.value)', its app '\(app.name)' has '\(appVersion.value)'",
                            at: version.location,
                            fix: "set \(setting) once in the project's settings (or give both targets the same value)"))
                }
            }
        }
        return findings
    }

    /// The version the built bundle carries: the Info.plist key expanded, XcodeGen's default when `info:` leaves
    /// it out, else the build setting.
    func version(_ key: String, _ setting: String, of target: ProjectTarget) -> Located<String>? {
        let keys = info(target)
        if let value = keys[key] {
            return value.text.flatMap { settings.expand($0, for: target) }.map { Located($0, at: value.location) }
        }
        if keys.generatedByXcodeGen {
            return Located(key == "CFBundleVersion" ? "1" : "1.0", at: keys.anchor)
        }
        return settings.value(setting, of: target).flatMap { found in
            settings.expand(found.value, for: target).map { Located($0, at: found.location) }
        }
    }

    /// XcodeGen #1455: `info:` writes `1.0`/`1` for a version key it is not given, and a literal stays as written.
    func infoVersionLiterals() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        let pairs = [
            ("CFBundleShortVersionString", "MARKETING_VERSION", "1.0"),
            ("CFBundleVersion", "CURRENT_PROJECT_VERSION", "1"),
        ]
        for target in project.model.targets where target.info != nil && Self.isVersioned(target) {
            let keys = info(target)
            for (key, setting, fallback) in pairs {
                if let value = keys[key] {
                    guard let text = value.text, !text.contains("$(") && !text.contains("${") else { continue }
                    findings.append(
                        DoctorFinding(
                            .infoVersionLiteral,
                            "info.properties of '\(target.name)' sets \(key) to the literal '\(text)', so \(setting) never reaches the app",
                            at: value.location, fix: "write \(key): $(\(setting)) and keep the version in \(setting)",
                            severity: .warning))
                } else {
                    findings.append(
                        DoctorFinding(
                            .infoVersionLiteral,
                            "info: of '\(target.name)' has no \(key), so XcodeGen writes '\(fallback)' whatever \(setting) says",
                            at: keys.anchor, fix: "add \(key): $(\(setting)) under info.properties"))
                }
            }
        }
        return findings
    }

    static func isVersioned(_ target: ProjectTarget) -> Bool {
        target.typeName.hasPrefix("application") || DoctorProject.isEmbeddedBundle(target)
    }

    /// ITMS-90738: a purpose string that is empty.
    func usageDescriptions() -> [DoctorFinding] {
        var findings: [DoctorFinding] = []
        for target in project.model.targets where Self.isVersioned(target) {
            let keys = info(target)
            for (key, value) in keys.values.sorted(by: { $0.key < $1.key })
            where key.hasPrefix("NS") && key.hasSuffix("UsageDescription") {
                guard let text = value.text, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                    continue
                }
                findings.append(
                    DoctorFinding(
                        .emptyUsageDescription, "\(key) of '\(target.name)' is empty", at: value.location,
                        fix: "say why the app needs the access, or remove \(key) if nothing uses it"))
            }
        }
        return findings
    }

    /// Without `ITSAppUsesNonExemptEncryption`, every TestFlight build waits for the export-compliance answer.
    func encryptionKeys() -> [DoctorFinding] {
        project.model.targets.filter(project.isTopLevelApp).compactMap { app in
            let keys = info(app)
            guard keys.known, keys["ITSAppUsesNonExemptEncryption"] == nil else { return nil }
            return DoctorFinding(
                .missingEncryptionKey, "'\(app.name)' does not say whether it uses non-exempt encryption",
                at: keys.anchor,
                fix:
                    "add ITSAppUsesNonExemptEncryption: false under info.properties (true if it uses non-exempt encryption)"
            )
        }
    }
}
