/// Keeps a child's standard output (bounded), for the few commands whose output Slipway reads.
public final class OutputCollector: ProcessObserver {
    public private(set) var bytes: [UInt8] = []
    public let limit = 8 << 20

    public init() {}

    public func process(output: UnsafeRawBufferPointer, from stream: ProcessStream) {
        guard stream == .standardOutput, bytes.count < limit else { return }
        bytes += output.prefix(limit - bytes.count)
    }
}
