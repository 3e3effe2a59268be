/// What carries out one `InstallChange` and takes it back. `SystemInstallEffects` does it on disk and in git config;
/// tests wrap it to make a chosen step, or its undo, fail for real.
protocol InstallEffects {
    /// Makes the change, after checking that what it replaces is still as the plan saw it.
    func apply(_ change: InstallChange) throws
    /// Takes back a change `apply` made, restoring what the plan recorded as there before.
    func undo(_ change: InstallChange) throws
}
