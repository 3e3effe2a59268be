import SlipwayHooks
import Testing

@Suite("which reflog entries the post-commit hook leaves alone")
struct HookGuardTests {
    @Test(
        "operations are recognised by whole words, so 'am' never matches '(amend)'",
        arguments: [
            ("commit (amend): Notes [deploy]", nil),
            ("commit: Notes", nil),
            ("commit (initial): First", nil),
            ("commit (merge): Merge branch 'side'", "commit (merge)"),
            ("commit (cherry-pick): Side change", "commit (cherry-pick)"),
            ("rebase (pick): One", "rebase (pick)"),
            ("am: Patch from the list", "am"),
            ("revert: Revert \"x\"", "revert"),
            ("pull --rebase (finish): returning to refs/heads/main", "pull --rebase (finish)"),
            ("cherry-pick: Side", "cherry-pick"),
        ] as [(String, String?)])
    func operations(message: String, expected: String?) {
        #expect(HookGuard.operation(madeBy: message) == expected)
    }
}
