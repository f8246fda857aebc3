import Foundation
import Testing
import LogoMaskTestSupport

/// The executable's calloc gives a few large zeroed blocks huge pages (Sources/CLargeBlockPages):
/// librsvg's filter surfaces, each the size of the whole image, were most of a filtered render's
/// page faults. This pins that the libraries librsvg draws with bind to it: a 3072 px render of a
/// blurred logo (surfaces of 36 MiB, past the 32 MiB from which blocks are advised) took 274,442
/// page faults with glibc's calloc alone and takes about 24,000 (at 4096 px: 494,807 and 28,505).
@Suite("large blocks in huge pages")
struct LargeBlockPagesCLITests {
    @Test("gnome-dev-media-cf (a blurred shadow) at 3072 px: under 100,000 page faults (glibc's calloc alone: 274,442)")
    func filteredRenderFaultsHugePages() throws {
        // Huge pages on advice only exist when the kernel offers them ("always" or "madvise"); a
        // kernel set to "never" keeps glibc's count, and the render must still succeed.
        let setting = (try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8)) ?? "(missing)"
        let hugePages = !setting.contains("[never]") && setting != "(missing)"
        let count = try Self.pageFaults(rendering: "tango/gnome-dev-media-cf.svg", width: 3072)
        if hugePages {
            #expect(count < 100_000, "\(count) page faults: librsvg's surfaces are not in huge pages")
        } else {
            print("transparent huge pages are off (\(setting.trimmingCharacters(in: .whitespacesAndNewlines))): \(count) page faults, glibc's own")
        }
        #expect(count > 1_000, "\(count) page faults: GNU time's count looks wrong")
    }

    @Test("kiten (111 blurs) at 1024 px: under 100,000 page faults (glibc's thresholds: 619,065), its 4 MiB filter surfaces reused from the heap")
    func smallFilterSurfacesReuseTheHeap() throws {
        let count = try Self.pageFaults(rendering: "breeze/kiten.svg", width: 1024)
        // Each surface below 32 MiB was a fresh mapping or fresh heap pages (1,024 faults per
        // 4 MiB); now freed ones are reused (the executable's mallopt, Sources/CLargeBlockPages).
        #expect(count < 100_000, "\(count) page faults: freed filter surfaces are not reused")
        #expect(count > 1_000, "\(count) page faults: GNU time's count looks wrong")
    }

    @Test("Tango internet-web-browser (translucent groups over gradients) at 2048 px: under 6,600 page faults (glibc's calloc: 7,432), its group surfaces written before they are read")
    func groupSurfacesNeverMapTheZeroPage() throws {
        // glibc's calloc left fresh heap unwritten, pixman read it (the kernel's zero page), and the
        // next surface's clearing copied each such page on write, each copy flushing the other
        // worker's TLB. Cleared by the executable's calloc, each page faults once: 5,450 (release
        // build; 5,880 in a debug one). At 4096 px: 13,240 against 9,490.
        let count = try Self.pageFaults(rendering: "tango/internet-web-browser.svg", width: 2048)
        #expect(count < 6_600, "\(count) page faults: fresh heap surfaces are read before written again")
        #expect(count > 1_000, "\(count) page faults: GNU time's count looks wrong")
    }

    /// The minor page faults of `logo-mask render` drawing the real-world `logo` `width` pixels
    /// square (after checking that it wrote it).
    static func pageFaults(rendering logo: String, width: Int) throws -> Int {
        let folder = try CLI.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = TestPaths.realWorldFolder.appendingPathComponent(logo).path
        let png = folder.appendingPathComponent("render.png").path
        // GNU time prints the minor page faults (%R) of the process it runs, alone on its last line.
        let run = try runTool("time", ["-f", "%R", CLI.binary, "render", path, "--width", "\(width)", "-o", png])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("wrote \(png) (\(width)x\(width))\n"), "\(run.stderr)")
        let faults = Int(run.stderr.split(separator: "\n").last.map(String.init) ?? "")
        return try #require(faults, "no page-fault count from GNU time (apt-get install time): \(run.stderr)")
    }
}
