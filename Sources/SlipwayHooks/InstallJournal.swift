/// The steps an install has taken, undone in reverse when a later step fails, so a failed install leaves the
/// repository as it was.
final class InstallJournal {
    private var undoSteps: [() -> Void] = []

    func record(_ undo: @escaping () -> Void) {
        undoSteps.append(undo)
    }

    func rollBack() {
        for undo in undoSteps.reversed() { undo() }
        undoSteps.removeAll()
    }
}
