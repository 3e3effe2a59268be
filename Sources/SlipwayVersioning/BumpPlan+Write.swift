import SlipwayCore

extension BumpPlan {
    /// Writes the new bytes of `files` atomically, all or none, each only if it still holds the bytes it was planned
    /// from; returns what they held before. `slipway bump` writes its plan's files through this, and a release's
    /// first step does the same.
    public static func write(_ files: [FileUpdate], with writer: AtomicFileWriter = AtomicFileWriter()) throws
        -> AtomicFileWriter.Backup
    {
        try writer.write(
            files.map { AtomicFileWriter.Change(path: $0.url.path, bytes: $0.updated, expected: $0.original) })
    }
}
