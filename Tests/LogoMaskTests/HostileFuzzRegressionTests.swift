import Foundation
import Testing
import LogoMask
import MaskGeometry

/// Inputs found by the fuzzer (Fuzz/), each run through what the fuzz target runs: load,
/// info, alpha-tight bounds and a 64x64 coverage mask. Each must finish quickly with a result or
/// a documented error.
@Suite("Hostile inputs found by fuzzing")
struct HostileFuzzRegressionTests {
    /// (name, base64 bytes, why it is here).
    static let findings: [(String, String, String)] = [
        ("timeout-765eb95d", "PHN2ZyByb2xlPSJpbWciIHZpZXdCb3g9IjAgMCAyNCAyNCIgeG1sbnM9Imh0dHA6Ly93d3cudzMub3JnLzIwMDAvc3ZnIj48dGl0bGU+RURFS0E8L3RpdGxlPjxwYXRoIGQ9Ik03NS45MDEgMTguOTk3aDIuNjg4di42OTloLTEuODU3di4yMzZoMS44NTd2LjY5OWgtMS44NTd2LjI5NWgxLjg1N3YuNjk4aC0yLjY4OHptLTYuNDc2IDBoMi42ODZ2LjY5OUg1LjI1M3YuMjk3aDEuODU4di42OTlINS4yNTN2LjI5NWgxLjg1OHYuNjk4SDQuNDI1Wk0xNy45OTYgMTlsLS45MiAyLjY4NWguODI3bC4xODItLjU1MmgxLjA2NmwuMTcyLjU1MmguODM0TDE5LjIzMyAxOVptLjYxNy41OTMuMzE5Ljk3aC44MzU5bC0xZTM4OS0yLjY4NTV6bS42MTcyLjU5MzcuMzE0aDEwLjQ2M3Y0LjAwMzlINC40MzQ2WiIvPjwvc3ZnPg==",
         "libFuzzer's 10 s alarm fired in AlphaBounds under a load average of 8 (a mutated EDEKA icon: ink 3x wider than its viewBox, a 1e389 coordinate); standalone it takes 0.1 s"),
        ("timeout-305be0ad", "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMDBweCIgPgogIDxkZWZzPgogICAgPGZpbHRlciBpZD0ic29mdC1nbG93IiB4PSItNDAlIiB5PSItNDAlIiB3aWR0aD0iMTgwJSIgaGVpZ2h0PSIxODAlIiBjb2xvci1pbnRlcnBvbGF0aW9uLWZpbHRlcnM9InNSR0IiPgogICAgICA8ZmVHYXVzc2lhbkJsdXIgaW49IlNvdXJjZUFscGhhIiBzdGREZXZpYXRpb249IjMiIHJlc3VsdD0iYmx1ciIvPgogICAgICA8ZmVPZmZzZXQgaW49ImJsdXIiIGR4PSIwIiBkeT0iMiIgcmVzdWx0PSJzaGlmdGVkIi8+CiAgICAgIDxmZUZsb29kIGZsb29kLWNvbG9yPSIjRkY4QzAwIiBmbG9vZC1vcGFjaXR5PSIwLjgiIHJlc3VsdD0idGludCIvPgogICAgICA8ZmVDb21wb3NpdGUgaW49InRpbnQiIGluMj0ic2hpZnRlZCIgb3BlcmF0b3I9ImluIiByZXN1bHQ9Imdsb3ciLz4KICAgc30gICA8ZmVNZXJnZT4KICAgICAgICA8ZmVNZXJnZU5vZGUgaW49Imdsb3ciLz4KICAgICAgICA8ZmVNZXJnZU5vZGUgaW49IlNvdXJjZUdyYXBoaWMiLz4KICAgICAgPC9mZU1lcmdlPgogICAgPC9maWx0ZXI+CiAgPC9kZWZzPgogIDxnIGlkPSJnbG93aW5nLXN0YXIiIGZpbHRlcj0idXJsKCNzb2Z0LWdsb3cpIj4KICAgIDxwYXRoIGlkPSJzdGFyIiBmaWxsPSIjRkZDMzAwIiBkPSJNNTAsMjAgTDU3LjA1LDQwLjI5IEw3OC41Myw0MC43MyBMNjEuNDEsNTMuNzEgTDY3LjYzLDc0LjI3IEw1MCxUMiBMMzIuMzcsNzQuMjcgTDM4LjU5LDUzLjcxIEwyMS40Nyw0MC43MyBMNDIuOTUsNDAuMjkgWiIvPgogIDwvZz4KPC9zdmc+Cg==",
         "a glow filter drawn at 4096 px and zoomed on each edge by the alpha-tight pass: 2 s and 580 MB standalone, then librsvg's InvalidSize (70); the 10 s alarm fired under load"),
        ("timeout-ff687906", "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHhtbG5zOnhsaW5rPSJodHRwOi8vd3d3LnczLm9yZy8xOTk5L3hsaW5rIiB3aWR0aD0iMzIiIGhlaWdodD0iMzIiIHZpZVVuc2FmZU11dHdCb3g9IjAgMCAzMiAzMiI+PGRlZnM+PG1hc2sgaWQ9Im0iIG1hc2tVbml0cz0idXNlclNwYWNlT25Vc2UiIG1hc2tDb250ZW50VW5pdHM9Im9iamVjdEJvdW5kaW5nQm94IiBtYXNrLXR5cGU9ImFscGhhIj48cmVjdCB3aWR0aD0iMC41IiBoZWlnaHQ9IjEiIGZpbGw9IndoaXRlIi8+PC9tYXNrPjxwYXR0ZXJuIGlkPSJwIiB3aWR0aD0iNCIgaGVpZ2h0PSI0IiBwYXR0ZXJuVW5pdHM9InVzZXJTcGFjZU9uVXNlIiBwYXR0ZXJuVHJhbnNmb3JtPSJyb3RhdGUoMzApIj48Y2lyY2xlIEN4PSIyIiBjeT0iMiIgcj0iMS41IiBtYXNrPSJ1cmwoI20pIi8+PC9wYXR0ZXJuPjwvZGVmcz48cmVjdCB3aWR0aD0iMzIiIGhlaWdodD0iMzIiIGZpbGw9InVybCgjcCkiIG1hc2s9InVybCgjbSkiLz48L3N2Zz4=",
         "issue 17's run (new mask-pattern seed, mutated): a pattern of masked circles under an objectBoundingBox alpha mask, 512 bytes so the harness takes the alpha-tight pass at 4096 px; 1.9 s of CPU, 12-24 s wall under a load average of 17; it draws nothing (65)"),
        ("crash-arc-infinite-end", "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxMCAxMCI+PHBhdGggZD0iTTAgMEExIDEgMCAwIDEgMWU0MDAgMCIvPjwvc3ZnPg==",
         "an arc to a point past the double range (1e400 is infinite): NaN angles, and converting NaN to the segment count trapped (SIGILL) in the path-crossing estimate every SVG load runs; found by a 20 s fuzz run after issue 16"),
        ("crash-arc-infinite-rotation", "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxMCAxMCI+PHBhdGggZD0iTTAgMEE1IDUgMWU0MDAgMCAxIDEwIDEwIi8+PC9zdmc+",
         "the same trap from an infinite x-axis rotation (sin and cos of infinity are NaN)"),
        ("crash-arc-huge-radii", "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAxMCAxMCI+PHBhdGggZD0iTTAgMEExZTMwOCAxZTMwOCAwIDAgMSAxZTMwOCAtMWUzMDgiLz48L3N2Zz4=",
         "the same trap from radii and an end point near the largest double (their squares overflow)"),
    ]

    @Test("a fuzzer finding runs to an answer", arguments: findings.map(\.0))
    func finding(_ name: String) throws {
        guard let entry = Self.findings.first(where: { $0.0 == name }), let data = Data(base64Encoded: entry.1) else {
            Issue.record("bad entry \(name)")
            return
        }
        let started = Date()
        do {
            let logo = try VectorLogo(data: data, name: "<fuzz>")
            _ = try logo.info()
            if !logo.inkBounds.isEmpty {
                _ = try AlphaBounds.alphaTight(of: logo)
                let scale = 64 / max(logo.documentSize.width, logo.documentSize.height)
                _ = try Rasterizer.image(of: logo, width: 64, height: 64, transform: .scale(scale), coverageOnly: true)
            }
        } catch {
            #expect([3, 64, 65, 70, 75].contains(error.exitStatus), "\(error)")
            #expect(error.description.contains("<fuzz>"), "\(error)")
        }
        #expect(Date().timeIntervalSince(started) < 30, "bounded, even on a busy machine")
    }
}
