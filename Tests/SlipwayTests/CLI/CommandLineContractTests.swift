import Foundation
import Testing

@Suite("command-line contract")
struct CommandLineContractTests {
    let home = TemporaryDirectory("slipway-home")

    func run(_ arguments: String...) throws -> ProcessResult {
        try SlipwayBinary.run(arguments, in: home.url, environment: isolatedEnvironment(home: home.url))
    }

    @Test("--version prints the version alone")
    func version() throws {
        let result = try run("--version")
        #expect(result.status == 0)
        #expect(result.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil)
        #expect(result.stderr.isEmpty)
    }

    @Test(
        "--help, help <command> and <command> --help print overview, usage and options to stdout",
        arguments: [
            ["--help"], ["help"], ["help", "detect"], ["detect", "--help"], ["detect", "-h"],
        ])
    func help(arguments: [String]) throws {
        let result = try SlipwayBinary.run(arguments, in: home.url, environment: isolatedEnvironment(home: home.url))
        #expect(result.status == 0)
        #expect(result.stdout.contains("OVERVIEW:"))
        #expect(result.stdout.contains("USAGE: slipway"))
        #expect(result.stdout.contains("OPTIONS:"))
        #expect(result.stderr.isEmpty)
    }

    @Test("no command, or --version with extra words, is a usage error, exit 64")
    func missingCommand() throws {
        let bare = try SlipwayBinary.run([], in: home.url, environment: isolatedEnvironment(home: home.url))
        #expect(bare.status == 64)
        #expect(bare.stderr.contains("Error: missing command"))
        #expect(bare.stderr.contains("See 'slipway --help'"))
        let extra = try run("--version", "extra")
        #expect(extra.status == 64)
        #expect(extra.stdout.isEmpty)
    }

    @Test("an unknown command is a usage error with the usage line, exit 64")
    func unknownCommand() throws {
        let result = try run("frobnicate")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: unknown command 'frobnicate'"))
        #expect(result.stderr.contains("See 'slipway --help'"))
        #expect(result.stdout.isEmpty)
    }

    @Test("an unknown flag names the command's help, exit 64")
    func unknownFlag() throws {
        let result = try run("detect", "--frobnicate")
        #expect(result.status == 64)
        #expect(result.stderr.contains("Error: unknown option '--frobnicate'"))
        #expect(result.stderr.contains("Usage: slipway detect"))
        #expect(result.stderr.contains("See 'slipway detect --help'"))
    }

    @Test("an option missing its value is a usage error")
    func missingValue() throws {
        let result = try run("detect", "--base")
        #expect(result.status == 64)
        #expect(result.stderr.contains("needs a value"))
    }

    @Test("outside a repository: exit 2 with a message that says how to fix it")
    func notARepository() throws {
        let result = try run("detect")
        #expect(result.status == 2)
        #expect(result.stderr.contains("not a git repository"))
        #expect(result.stderr.contains("hint:"))
    }
}
