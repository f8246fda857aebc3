/// A progress report: the fraction of the job done, 0...1. Called on the caller's thread.
public typealias ProgressHandler = (Double) -> Void
