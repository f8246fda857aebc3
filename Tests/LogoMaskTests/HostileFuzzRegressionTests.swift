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
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
