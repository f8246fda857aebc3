import Foundation

/// What ``HandOffTests`` measured: per output the worst share of the logo box that differs and
/// the case it came from (flat paints apart from cases that embed a picture), the failures, and
/// the cases counted but not compared.
struct HandOffTally {
    struct Worst {
        var fraction: Double
        var largest: Int
        var label: String
        var count: Int
    }

    var worst: [HandOffTests.Output: Worst] = [:]
    var worstWithPicture: [HandOffTests.Output: Worst] = [:]
    var failures: [String] = []
    var cases = 0
    var darkCases = 0
    var webCases = 0

    /// Records one comparison and whether it passed `allowed`.
    mutating func record(_ output: HandOffTests.Output, label: String, fraction: Double, largest: Int, picture: Bool, allowed: Double) {
        func update(_ table: inout [HandOffTests.Output: Worst]) {
            var entry = table[output] ?? Worst(fraction: -1, largest: 0, label: "", count: 0)
            entry.count += 1
            if fraction > entry.fraction { (entry.fraction, entry.largest, entry.label) = (fraction, largest, label) }
            table[output] = entry
        }
        if picture { update(&worstWithPicture) } else { update(&worst) }
        if fraction > allowed {
            failures.append("\(label) \(output.rawValue): \(String(format: "%.2f", fraction * 100)) % of the logo box differ (largest \(largest); allowed \(String(format: "%.2f", allowed * 100)) %)")
        }
    }

    /// One line per output and kind: the worst share, its case and largest channel difference.
    var summary: [String] {
        var lines: [String] = []
        for output in HandOffTests.Output.allCases {
            for (kind, table) in [("flat paints", worst), ("embedded picture", worstWithPicture)] {
                guard let w = table[output] else { continue }
                lines.append("\(output.rawValue) (\(output.reference), \(kind)): worst \(String(format: "%.3f", w.fraction * 100)) % on \(w.label) (largest \(w.largest)), \(w.count) compared")
            }
        }
        return lines
    }

    /// The report HANDOFF_REPORT receives: the counts, the summary, then every failure.
    var report: String {
        var text = "hand-off: \(cases) cases (\(darkCases) dark, \(webCases) on the web launch screen), every one compared\n"
        text += summary.joined(separator: "\n") + "\n"
        text += failures.isEmpty ? "no failures\n" : "\(failures.count) failures:\n" + failures.joined(separator: "\n") + "\n"
        return text
    }
}
