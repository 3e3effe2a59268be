import Foundation
import Testing

/// The rules of what XcodeGen refuses: each with a spec that triggers it and one that does not.
@Suite("doctor: what XcodeGen refuses")
struct DoctorSpecRuleTests {
    @Test("the clean spec has no finding at all")
    func clean() throws {
        #expect(try DoctorFixture().report().findings == [])
    }

    @Test("missing-source: a source path that does not exist, unless optional")
    func missingSource() throws {
        let spec = DoctorFixture.cleanSpec.replacingOccurrences(of: "sources: [App]", with: "sources: [App, Gone]")
        let found = try DoctorFixture(spec: spec).findings(.missingSource)
        #expect(found.map(\.location.description) == ["project.yml:11:20"])
        #expect(found.first?.severity == .error)
        #expect(found.first?.fix.contains("optional: true") == true)
        let optional = DoctorFixture.cleanSpec.replacingOccurrences(
            of: "sources: [App]", with: "sources: [App, {path: Gone, optional: true}]")
        #expect(try DoctorFixture(spec: optional).findings(.missingSource) == [])
    }

    @Test("missing-config-file: a configFiles entry that names no file")
    func missingConfigFile() throws {
        let spec = DoctorFixture.cleanSpec + "configFiles:\n  Debug: Configs/Debug.xcconfig\n"
        let found = try DoctorFixture(spec: spec).findings(.missingConfigFile)
        #expect(found.map(\.location.description) == ["project.yml:19:10"])
        var files = DoctorFixture.cleanFiles
        files["Configs/Debug.xcconfig"] = "// debug\n"
        #expect(try DoctorFixture(spec: spec, files: files).findings(.missingConfigFile) == [])
    }

    @Test("unknown-scheme-target: a scheme that names a target the spec does not define")
    func unknownSchemeTarget() throws {
        let spec = DoctorFixture.cleanSpec + "schemes:\n  App:\n    build:\n      targets:\n        Ap: all\n"
        let found = try DoctorFixture(spec: spec).findings(.unknownSchemeTarget)
        #expect(found.map(\.location.description) == ["project.yml:22:9"])
        #expect(found.first?.fix == "did you mean 'App'? use a name under targets:")
        let good = DoctorFixture.cleanSpec + "schemes:\n  App:\n    build:\n      targets:\n        App: all\n"
        #expect(try DoctorFixture(spec: good).findings(.unknownSchemeTarget) == [])
    }

    @Test("unknown-dependency: a target dependency the spec does not define")
    func unknownDependency() throws {
        let spec = DoctorFixture.cleanSpec + "    dependencies:\n      - target: Kit\n"
        let found = try DoctorFixture(spec: spec).findings(.unknownDependency)
        #expect(found.map(\.location.description) == ["project.yml:19:17"])
        let good = spec + "  Kit:\n    type: framework\n    platform: iOS\n    sources: [App]\n"
        #expect(try DoctorFixture(spec: good).findings(.unknownDependency) == [])
    }
}
