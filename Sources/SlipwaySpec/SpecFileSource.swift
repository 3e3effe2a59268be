import SlipwayYAML

/// Where the spec's files are read from: the working tree (`slipway version`, `bump`, `run`) or the tree of a commit
/// (`slipway detect` judges commits, not the checkout).
///
/// Every source takes absolute paths, so XcodeGen's path arithmetic (`SpecPath`) is the same for both; a commit's
/// tree is addressed as if checked out at the repository root.
package protocol SpecFileSource {
    /// The bytes of the file at `path`, or `nil` when there is no file there; throws when it exists but cannot be read.
    func contents(of path: String) throws(SpecError) -> [UInt8]?
    func isFile(_ path: String) -> Bool
    /// The names in the folder at `path`, sorted; empty when it is not a folder.
    func entries(of folder: String) -> [SpecFolderEntry]
    /// One key per file, so a file reached two ways (a symbolic link, `a/../a`) is read once.
    func identity(of path: String) -> String
    /// How messages show the file.
    func displayPath(of path: String) -> String
    /// The file at `path` (whose bytes are `bytes`) as `parse` reads it; a source that knows what the file's bytes
    /// are (a blob id) can answer from an earlier parse of the same bytes at the same path.
    func parsed(_ path: String, bytes: [UInt8], parse: ([UInt8]) throws(SpecError) -> YAMLFile) throws(SpecError)
        -> YAMLFile
}

extension SpecFileSource {
    package func parsed(
        _ path: String, bytes: [UInt8], parse: ([UInt8]) throws(SpecError) -> YAMLFile
    ) throws(SpecError) -> YAMLFile {
        try parse(bytes)
    }
}

/// A name in a folder, and whether globs' `**` descends into it (a real folder, never a link to one).
package struct SpecFolderEntry: Equatable {
    package var name: String
    package var isFolder: Bool
}
