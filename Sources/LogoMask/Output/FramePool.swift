/// The frame buffers of one job: made once, handed to workers and back.
final class FramePool: @unchecked Sendable {
    private let condition = CancellableCondition()
    private var free: [FrameBuffer]

    init(count: Int, width: Int, height: Int) throws(LogoMaskError) {
        var buffers: [FrameBuffer] = []
        for _ in 0..<count { buffers.append(try FrameBuffer(width: width, height: height)) }
        free = buffers
    }

    /// A free buffer, waiting for one if needed; throws once the job is cancelled.
    func take() throws -> FrameBuffer {
        try condition.locked {
            while free.isEmpty, !condition.cancelled { condition.wait() }
            guard !condition.cancelled, let buffer = free.popLast() else { throw CancellationError() }
            return buffer
        }
    }

    /// Returns a buffer.
    func give(_ buffer: FrameBuffer) {
        condition.locked {
            free.append(buffer)
            condition.signal()
        }
    }

    /// Wakes every waiting worker with an error.
    func cancel() { condition.cancel() }
}
