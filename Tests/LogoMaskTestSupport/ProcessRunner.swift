import Foundation

/// Runs a program and returns its exit status, standard output and standard error.
/// `executable` is an absolute path, or a tool's name found by `Tool.path(_:)` (which fails the
/// test with what to install when the tool is missing). `environment` adds to (or overrides) this
/// process's environment.
@discardableResult
public func runTool(
    _ executable: String, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:]
) throws -> (status: Int32, stdout: String, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable.hasPrefix("/") ? executable : try Tool.path(executable))
    process.arguments = arguments
    if !environment.isEmpty {
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    }
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = stdin == nil ? FileHandle.nullDevice : input
    try process.run()
    // Standard error is read on its own thread, so that neither pipe can fill up and stall the
    // program while the other is being read.
    let errorText = ErrorCollector()
    let reader = Thread { errorText.data = err.fileHandleForReading.readDataToEndOfFile(); errorText.done.signal() }
    reader.start()
    if let stdin {
        input.fileHandleForWriting.write(stdin)
        try input.fileHandleForWriting.close()
    }
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    errorText.done.wait()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errorText.data, as: UTF8.self))
}

/// Standard error as read by the reader thread; `done` is signalled once `data` is final.
private final class ErrorCollector: @unchecked Sendable {
    var data = Data()
    let done = DispatchSemaphore(value: 0)
}
