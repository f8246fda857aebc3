// floor: how fast could a render of LOGO at WIDTH px possibly be? Measured in-process, no PNG.
//
//   floor LOGO WIDTH [--runs N] [--json]
//
// Prints (as JSON with --json, one object) the medians over N runs of:
//   load_ms              VectorLogo(contentsOf:) (parse + metrics)
//   render_image_ms      Rasterizer.image(of:size:) as a library user calls it: one thread below
//                        64 MiB of pixels, bands on every core from there, into fresh memory
//   render_parallel_ms   the same pixels as horizontal bands of 16 MiB, one Rasterizer.image call
//                        per band, on every core (what the strip writer does, minus packing and
//                        deflate; each band also re-loads the logo, and the allocator hands each
//                        band memory that an earlier band already touched)
//   copy_ms              one memcpy of W x H x 4 bytes (the RGBA output) into a buffer already
//                        touched, i.e. the cost of handing the pixels over once
//   floor_ms             min(render_image_ms, render_parallel_ms) + copy_ms: the floor a PNG writer
//                        cannot beat (bands re-record the logo each, which loses at small sizes)
// compare.py runs this beside each whole-process measurement.

import Foundation
import LogoMask
import MaskGeometry

struct Usage: Error, CustomStringConvertible {
    var description: String
}

func parseArguments() throws -> (logo: String, width: Int, runs: Int, json: Bool) {
    var positional: [String] = []
    var runs = 3, json = false
    var arguments = CommandLine.arguments.dropFirst().makeIterator()
    while let argument = arguments.next() {
        switch argument {
        case "--runs":
            guard let value = arguments.next(), let n = Int(value), n > 0 else { throw Usage(description: "--runs needs a positive number") }
            runs = n
        case "--json": json = true
        case "-h", "--help": throw Usage(description: "")
        default: positional.append(argument)
        }
    }
    guard positional.count == 2, let width = Int(positional[1]), width > 0 else {
        throw Usage(description: "expected LOGO and WIDTH")
    }
    return (positional[0], width, runs, json)
}

func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let mid = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/// Renders the image as bands, `cores` threads taking bands in turn; returns the bytes drawn.
func renderParallel(_ logo: VectorLogo, width: Int, height: Int, scale: Double, cores: Int) throws -> Int {
    // Bands of 16 MiB like the library's PNG strips (so the allocator recycles them instead of
    // faulting in fresh pages each time), and at least 4 bands a core so the cores share the work.
    let bandRows = max(1, min(height, (16 << 20) / (width * 4), (height + 4 * cores - 1) / (4 * cores)))
    let bandCount = (height + bandRows - 1) / bandRows
    let next = ManagedCounter()
    let failure = ManagedError()
    let drawn = ManagedCounter()
    let group = DispatchGroup()
    for _ in 0..<max(1, min(cores, bandCount)) {
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            while true {
                let band = next.increment() - 1
                if band >= bandCount || failure.value != nil { return }
                let y0 = band * bandRows, rows = min(bandRows, height - y0)
                do {
                    let image = try Rasterizer.image(
                        of: logo, width: width, height: rows,
                        transform: Transform.scale(scale).concatenating(.translation(x: 0, y: Double(-y0))))
                    _ = drawn.add(image.bytes.count)
                } catch {
                    failure.set(error)
                    return
                }
            }
        }
        thread.stackSize = 16 << 20
        thread.start()
    }
    group.wait()
    if let error = failure.value { throw error }
    return drawn.value
}

final class ManagedCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int { add(1) }
    func add(_ n: Int) -> Int { lock.lock(); defer { lock.unlock() }; count += n; return count }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}

final class ManagedError: @unchecked Sendable {
    private let lock = NSLock()
    private var error: (any Error)?
    func set(_ e: any Error) { lock.lock(); if error == nil { error = e }; lock.unlock() }
    var value: (any Error)? { lock.lock(); defer { lock.unlock() }; return error }
}

do {
    let (path, width, runs, json) = try parseArguments()
    var loadTimes: [Double] = [], imageTimes: [Double] = [], parallel: [Double] = [], copies: [Double] = []
    var logo: VectorLogo!
    for _ in 0..<runs {
        loadTimes.append(try milliseconds { logo = try VectorLogo(contentsOf: path) })
    }
    let raster = try RenderSize.width(width).resolve(documentSize: logo.documentSize, unitsPerInch: logo.unitsPerInch)
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let byteCount = raster.width * raster.height * 4
    // One source and one destination, both touched before timing (page faults are not the copy).
    let source = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
    let destination = UnsafeMutableRawPointer.allocate(byteCount: byteCount, alignment: 64)
    source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: byteCount)
    destination.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
    for _ in 0..<runs {
        imageTimes.append(try milliseconds {
            let image = try Rasterizer.image(of: logo, size: .width(width))
            precondition(image.width == raster.width && image.height == raster.height)
        })
        parallel.append(try milliseconds {
            let bytes = try renderParallel(logo, width: raster.width, height: raster.height, scale: raster.scale, cores: cores)
            precondition(bytes >= byteCount)
        })
        copies.append(milliseconds { destination.copyMemory(from: source, byteCount: byteCount) })
    }
    source.deallocate()
    destination.deallocate()
    let result: [(String, Any)] = [
        ("logo", URL(fileURLWithPath: path).lastPathComponent),
        ("width", raster.width), ("height", raster.height), ("runs", runs), ("cores", cores),
        ("load_ms", median(loadTimes)),
        ("render_image_ms", median(imageTimes)),
        ("render_parallel_ms", median(parallel)),
        ("copy_ms", median(copies)),
        ("floor_ms", min(median(imageTimes), median(parallel)) + median(copies)),
    ]
    if json {
        let fields = result.map { key, value -> String in
            if let s = value as? String { return "\"\(key)\": \"\(s)\"" }
            if let d = value as? Double { return "\"\(key)\": \(String(format: "%.3f", d))" }
            return "\"\(key)\": \(value)"
        }
        print("{" + fields.joined(separator: ", ") + "}")
    } else {
        for (key, value) in result {
            if let d = value as? Double { print("\(key): \(String(format: "%.1f", d))") } else { print("\(key): \(value)") }
        }
    }
} catch let usage as Usage {
    if !usage.description.isEmpty { FileHandle.standardError.write(Data("floor: \(usage.description)\n".utf8)) }
    FileHandle.standardError.write(Data("usage: floor LOGO WIDTH [--runs N] [--json]\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("floor: \(error)\n".utf8))
    exit(1)
}
