/// The git hooks Slipway installs.
public enum GitHook: String, CaseIterable, Sendable {
    case postCommit = "post-commit"
    case prePush = "pre-push"

    /// The script from Slipway's `hooks/` folder that gets installed.
    public var script: BundledFile {
        guard let file = BundledFile.named("hooks/\(rawValue)") else {
            preconditionFailure("hooks/\(rawValue) is not bundled; run scripts/bundle-files.sh")
        }
        return file
    }

    /// Where a hook that was there before Slipway is kept; the installed script runs it first.
    public var chainedName: String { rawValue + ".pre-slipway" }

    /// SHA-256 of every earlier version of the script that Slipway has shipped. A file with exactly these bytes is
    /// Slipway's own and may be replaced or removed; one that merely mentions Slipway may carry the user's edits.
    /// When `hooks/<name>` changes, add the digest of the version it replaces here (`sha256sum hooks/<name>`).
    var earlierDigests: Set<String> {
        switch self {
        case .postCommit:
            return [
                "f91a9741c8b422e629265718b3b169afe0f8bea50417fe9f7256d5eae409276c",
                // Before the 5-second bound on slipway's run.
                "bedd2afd809e9e9ac978e7017746475451d39a78427010bb8318cda1a839f041",
                // Before the shell read slipway.path from the config file itself.
                "8ee8128d2fc5ca7a0edc2cb03a096e2cea8d7f07fd26906e6b34b7f4e516145f",
                // Before slipway kept the 5-second bound itself (--within) instead of a shell timer.
                "49fb5b550fdf6bb48704dc4d17a99007b1fe630d747aa851f94d18f22f6792f1",
            ]
        case .prePush:
            return [
                "13446eeac1c16e5236d00e0ec67de412d405d0d2f8e1a16694a046647d69c776",
                // Before the shell read slipway.path from the config file itself.
                "bcb646525dab8e696aedd9c35cf91f6602d018a5dca83d46c7cb242d0308b60d",
                // Before a failing slipway let the push go.
                "d8b24d05d7b2de45a688346ed61a025de279e68adbde46abcf2c908ea3ff0951",
                // Before hooks.prePush: block also stopped a push when slipway failed.
                "74ab38bf57d23bef6624346ef7dcb0c4657d7075f7bc8c653b677224677708dc",
            ]
        }
    }
}
