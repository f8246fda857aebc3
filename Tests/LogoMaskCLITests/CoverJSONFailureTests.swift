import Foundation
import Testing
import LogoMaskTestSupport

@Suite("cover --json when no scale covers")
struct CoverJSONFailureTests {
    private struct Report: Decodable {
        var status: Int
        var reason: String?
        var results: [[String: AnyDecodable]]
        var file: String
    }

    /// Accepts any JSON value (the rows are not read here).
    private struct AnyDecodable: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    @Test("ring.svg about its centre (--anchor center): JSON with status 3 and the reason (suggesting --anchor auto) on standard output, the one-line error on standard error, exit 3; a covering logo reports status 0")
    func noCover() throws {
        let run = try CLI.run(["cover", CLI.sample("ring.svg"), "--device", "iPhone SE", "--anchor", "center", "--json"])
        #expect(run.status == 3)
        let report = try JSONDecoder().decode(Report.self, from: Data(run.stdout.utf8))
        #expect(report.status == 3)
        #expect(report.results.isEmpty)
        #expect(report.reason?.contains("no scale covers the viewport") == true)
        #expect(report.reason?.contains("--anchor auto") == true)
        #expect(run.stderr.split(separator: "\n").count == 1)
        let covered = try CLI.run(["cover", CLI.sample("bird.svg"), "--device", "iPhone SE", "--json"])
        #expect(covered.status == 0)
        let ok = try JSONDecoder().decode(Report.self, from: Data(covered.stdout.utf8))
        #expect(ok.status == 0 && ok.reason == nil && ok.results.count == 1)
    }
}
