import Foundation
import SlipwayCore

/// Who makes a commit or a tag, and when: the name, email and time git records in a signature.
public struct Identity: Hashable, Sendable, Codable {
    /// Which of git's identities to look up; each reads its own environment variables.
    public enum Role: String, Sendable {
        case author, committer

        var variablePrefix: String { self == .author ? "GIT_AUTHOR" : "GIT_COMMITTER" }
    }

    public var name: String
    public var email: String
    public var date: Date
    /// Minutes east of UTC, as git records the time zone.
    public var timeZoneOffsetMinutes: Int

    public init(name: String, email: String, date: Date, timeZoneOffsetMinutes: Int) {
        self.name = name
        self.email = email
        self.date = date
        self.timeZoneOffsetMinutes = timeZoneOffsetMinutes
    }
}

extension Repository {
    /// The identity git would record for `role`, looked up in git's order: `GIT_<ROLE>_NAME`/`_EMAIL`, then the
    /// `author.*`/`committer.*` keys, then `user.name`/`user.email`, then `EMAIL` for the email.
    ///
    /// `GIT_<ROLE>_DATE` sets the time (`@<seconds> <+hhmm>` or ISO 8601); otherwise it is now, in the local zone.
    /// libgit2 1.5 only reads `user.*`, so the environment is read here as git itself does.
    public func identity(
        _ role: Identity.Role, environment: [String: String] = ProcessEnvironment.current, now: Date = Date()
    ) throws(GitError) -> Identity {
        func nonEmpty(_ value: String?) -> String? {
            guard let value, !value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
            return value
        }
        let prefix = role.variablePrefix
        let name =
            nonEmpty(environment["\(prefix)_NAME"]) ?? nonEmpty(configString("\(role.rawValue).name"))
            ?? nonEmpty(configString("user.name"))
        let email =
            nonEmpty(environment["\(prefix)_EMAIL"]) ?? nonEmpty(configString("\(role.rawValue).email"))
            ?? nonEmpty(configString("user.email")) ?? nonEmpty(environment["EMAIL"])
        guard let name, let email else { throw .identityUnknown(role: role.rawValue) }
        let variable = "\(prefix)_DATE"
        if let text = nonEmpty(environment[variable]) {
            guard let parsed = GitDate.parse(text) else { throw .invalidDate(variable: variable, value: text) }
            return Identity(name: name, email: email, date: parsed.date, timeZoneOffsetMinutes: parsed.offsetMinutes)
        }
        let offset = TimeZone.current.secondsFromGMT(for: now) / 60
        return Identity(name: name, email: email, date: now, timeZoneOffsetMinutes: offset)
    }
}

/// The date forms Slipway accepts in `GIT_AUTHOR_DATE`/`GIT_COMMITTER_DATE`: git's internal `@<seconds> <+hhmm>`
/// (the `@` optional) and ISO 8601 with a `T` or a space. Git reads more; these are the ones scripts use.
enum GitDate {
    static func parse(_ text: String) -> (date: Date, offsetMinutes: Int)? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = trimmed.split(separator: " ")
        let secondsText = parts.first.map { $0.hasPrefix("@") ? $0.dropFirst() : $0 }
        if let secondsText, let seconds = Int64(secondsText), parts.count <= 2 {
            var offset = 0
            if parts.count == 2 {
                guard let zone = zoneOffset(String(parts[1])) else { return nil }
                offset = zone
            }
            return (Date(timeIntervalSince1970: TimeInterval(seconds)), offset)
        }
        return iso8601(trimmed)
    }

    /// `2024-05-01T12:00:00`, optionally followed by `Z`, `+02:00` or `+0200` (no zone means UTC).
    private static func iso8601(_ text: String) -> (date: Date, offsetMinutes: Int)? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 19 else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard range.allSatisfy({ scalars[$0].properties.numericType != nil && scalars[$0].isASCII }) else {
                return nil
            }
            return Int(String(String.UnicodeScalarView(scalars[range])))
        }
        guard scalars[4] == "-", scalars[7] == "-", scalars[10] == "T" || scalars[10] == " ",
            scalars[13] == ":", scalars[16] == ":",
            let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
            (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
        else { return nil }
        let zoneText = String(String.UnicodeScalarView(scalars[19...]))
        let offset: Int
        if zoneText.isEmpty || zoneText == "Z" {
            offset = 0
        } else if let zone = zoneOffset(zoneText.replacingOccurrences(of: ":", with: "")) {
            offset = zone
        } else {
            return nil
        }
        var components = DateComponents()
        components.year = year
        components.month = month
        components.day = day
        components.hour = hour
        components.minute = minute
        components.second = second
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(secondsFromGMT: 0) else { return nil }
        calendar.timeZone = utc
        guard let local = calendar.date(from: components) else { return nil }
        return (local.addingTimeInterval(TimeInterval(-offset * 60)), offset)
    }

    /// `+hhmm` or `-hhmm` as minutes east of UTC.
    private static func zoneOffset(_ text: String) -> Int? {
        guard text.count == 5, let sign = text.first, sign == "+" || sign == "-",
            let hours = Int(text.dropFirst().prefix(2)), let minutes = Int(text.suffix(2)), minutes < 60
        else { return nil }
        let value = hours * 60 + minutes
        return sign == "-" ? -value : value
    }
}
