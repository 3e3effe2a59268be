import SlipwayDetection

extension BumpRequest {
    /// Which command asks: `bump` needs a level or a value; `release` defaults to `auto` and always moves the build
    /// number on (unless `--build` gives it).
    public enum Caller: Sendable {
        case bump, release
    }

    /// A level and values that do not make one request; `message` is the usage error's text.
    public struct InvalidRequest: Error, Sendable, Equatable {
        public var message: String
    }

    /// The words a level can be.
    public static let levels = ["build", "patch", "minor", "major", "auto"]

    /// The request for `<level>`, `--set` and `--build` as typed, and how the manifest records it (`auto`,
    /// `minor`, `set 2.0.0`).
    public static func parse(level: String?, set setValue: String?, build buildValue: String?, for caller: Caller)
        throws(InvalidRequest) -> (request: BumpRequest, requested: String)
    {
        if let setValue, let problem = problem(withSetValue: setValue) {
            throw InvalidRequest(message: "--set '\(setValue)': \(problem)")
        }
        if let buildValue, !isBuildNumber(buildValue), !buildSources.contains(buildValue) {
            throw InvalidRequest(
                message: "--build '\(buildValue)' is not a build number (digits, optionally dotted: 118, 2024.11.3) "
                    + "or 'testflight'")
        }
        var parsed: (request: BumpRequest, requested: String)
        switch caller {
        case .bump: parsed = try forBump(level: level, set: setValue, build: buildValue)
        case .release: parsed = try forRelease(level: level, set: setValue, build: buildValue)
        }
        if let buildValue, buildSources.contains(buildValue) { parsed.request.build = .next(from: buildValue) }
        return parsed
    }

    /// `slipway bump`: a level, or `--set`/`--build` alone; `--set` alone leaves the build number as it is.
    private static func forBump(level: String?, set setValue: String?, build buildValue: String?)
        throws(InvalidRequest) -> (request: BumpRequest, requested: String)
    {
        var marketing: Marketing? = setValue.map { .set($0) }
        var build: Build? = buildValue.map { .set($0) }
        switch level {
        case nil:
            guard setValue != nil || buildValue != nil else {
                throw InvalidRequest(
                    message: "missing argument <level>: one of \(levels.joined(separator: ", ")), or --set / --build")
            }
        case "build":
            guard buildValue == nil else {
                throw InvalidRequest(
                    message: "'build' increments the build number and --build sets it: use one of them")
            }
            build = .increment
        case "auto":
            guard setValue == nil else {
                throw InvalidRequest(
                    message: "'auto' chooses the marketing version and --set gives it: use one of them")
            }
            marketing = .auto
            if build == nil { build = .incrementIfDefined }
        case let word?:
            guard let bump = BumpLevel(rawValue: word) else {
                throw InvalidRequest(message: "unknown level '\(word)': use one of \(levels.joined(separator: ", "))")
            }
            guard setValue == nil else {
                throw InvalidRequest(
                    message: "'\(word)' bumps the marketing version and --set gives it: use one of them")
            }
            marketing = .bump(bump)
            if build == nil { build = .incrementIfDefined }
        }
        return (BumpRequest(marketing: marketing, build: build), level ?? setValue.map { "set \($0)" } ?? "build")
    }

    /// `slipway release`: `auto` by default; the build number moves on unless `--build` gives it.
    private static func forRelease(level: String?, set setValue: String?, build buildValue: String?)
        throws(InvalidRequest) -> (request: BumpRequest, requested: String)
    {
        let build: Build = buildValue.map { .set($0) } ?? .incrementIfDefined
        switch (level, setValue) {
        case (let word?, _?):
            throw InvalidRequest(message: "'\(word)' chooses the version and --set gives it: use one of them")
        case (nil, let value?):
            return (BumpRequest(marketing: .set(value), build: build), "set \(value)")
        case ("build", nil):
            guard buildValue == nil else {
                throw InvalidRequest(
                    message: "'build' increments the build number and --build sets it: use one of them")
            }
            return (BumpRequest(marketing: nil, build: .increment), "build")
        case (nil, nil), ("auto", nil):
            return (BumpRequest(marketing: .auto, build: build), "auto")
        case (let word?, nil):
            guard let bump = BumpLevel(rawValue: word) else {
                throw InvalidRequest(message: "unknown level '\(word)': use one of \(levels.joined(separator: ", "))")
            }
            return (BumpRequest(marketing: .bump(bump), build: build), word)
        }
    }
}
