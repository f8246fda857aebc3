/// Why one logo of a batch has no output.
public struct BatchFailure: Error, Sendable, Equatable {
    /// The message for people, naming the file (the line the single-logo command would print,
    /// without the tool's name), or what ended the worker process that was drawing it.
    public var message: String
    /// The exit status the single-logo command would have ended with (see ``LogoMaskError/exitStatus``):
    /// 70 for a worker that died (a library crash or the memory limit), 75 for one past the time limit.
    public var exitStatus: Int32
    /// The library's error, when the logo failed in this process (nil from a worker process).
    public var error: LogoMaskError?

    /// Creates a failure.
    public init(message: String, exitStatus: Int32, error: LogoMaskError? = nil) {
        self.message = message
        self.exitStatus = exitStatus
        self.error = error
    }
}

/// What became of one logo of a batch.
public struct BatchItemResult: Sendable, Equatable {
    /// The logo and its output.
    public var item: BatchItem
    /// The position of the logo in the batch (0-based).
    public var index: Int
    /// The pixel size written, or why nothing was.
    public var outcome: Result<RasterSize, BatchFailure>
    /// References to other files the logo holds that were not loaded (see
    /// ``VectorLogo/externalReferences``), for a warning.
    public var externalReferences: [String]
    /// Lines the worker process printed on standard error while on this logo (isolated mode
    /// only; empty in-process).
    public var workerMessages: [String]

    /// Creates a result.
    public init(
        item: BatchItem, index: Int, outcome: Result<RasterSize, BatchFailure>,
        externalReferences: [String] = [], workerMessages: [String] = []
    ) {
        self.item = item
        self.index = index
        self.outcome = outcome
        self.externalReferences = externalReferences
        self.workerMessages = workerMessages
    }

    /// True when the output was written.
    public var succeeded: Bool {
        if case .success = outcome { return true }
        return false
    }
}
