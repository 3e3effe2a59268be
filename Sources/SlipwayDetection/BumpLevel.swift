/// How far a release moves the version. Ordered: a range suggests the highest level any commit asks for.
public enum BumpLevel: String, Sendable, Comparable, CaseIterable {
    case patch, minor, major

    private var rank: Int {
        switch self {
        case .patch: return 0
        case .minor: return 1
        case .major: return 2
        }
    }

    public static func < (lhs: BumpLevel, rhs: BumpLevel) -> Bool { lhs.rank < rhs.rank }
}
