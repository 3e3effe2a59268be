import SlipwayCore
import SlipwayDoctor
import SlipwaySpec
import SlipwayWorkspace

extension ReleaseService {
    /// The doctor's error-level checks, before anything is planned or written: a release must not carry a
    /// project XcodeGen or App Store Connect refuses. `--no-doctor` skips them.
    func checkDoctor(_ request: Request) throws {
        guard request.doctor else { return }
        // The release edits the spec's files, so one outside the repository is refused, unread, with the writers'
        // reason before the doctor (which refuses it too, as a reader) looks at anything.
        _ = try workspace.versions(at: workspace.locate(request.bump.options), access: .edit)
        let errors = try DoctorService(workspace: workspace).check().errors
        guard !errors.isEmpty else { return }
        let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
        throw Failure(
            "doctor found \(count) the release would carry:\n" + errors.map(\.description).joined(separator: "\n"),
            hint: "fix each as its 'fix:' line says ('slipway doctor' checks again), or release with --no-doctor",
            exitStatus: .badInput)
    }
}
