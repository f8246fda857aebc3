import FoundationEssentials
import LogoAnimation
import LogoMask
import MaskGeometry

extension RevealCommand {
    /// What `reveal -o x.json|x.lottie|x.html|x.js --json` prints.
    private struct ExportReport: Codable {
        var format: RevealExportFormat
        var written: [String]
        var bytes: Int
        var width: Double
        var height: Double
        var density: Double
        var fps: Double
        var duration: Double
        var finalScale: Double?
        var coverScale: Double?
        var anchor: Point
        var anchorChosen: AnchorChoice
        var anchorNote: String?
        var embeddedPicture: Bool
        var notes: [String]
        var approximations: [String]
        var app: RevealAppHandOff
    }

    /// Writes the overlay as a Lottie, a dotLottie, a web page or the overlay script (and the
    /// contact sheet and still when asked), then prints what was written, what is approximate and
    /// what the app does itself. With `darkScene` the web outputs carry dark mode inside
    /// (`prefers-color-scheme`) and a dotLottie holds a "dark" animation; the dark twin call
    /// (`dark`) writes a Lottie JSON's `-dark` twin and the sheet and still beside the light ones,
    /// and prints only what it wrote.
    func exportOverlay(
        _ scene: RevealScene, format: RevealExportFormat, to path: String, dark: Bool = false, darkScene: RevealScene? = nil
    ) throws(LogoMaskError) {
        let options = RevealExportOptions(
            fps: fps, loop: loop, maxEmbeddedPixels: min(logoOptions.maxPixels, RevealExportOptions.defaultMaxEmbeddedPixels))
        let webDark = darkScene.map {
            WebDarkMode(background: $0.settings.background ?? $0.spec.background.flatColor, logo: darkLogo == nil ? nil : $0.logo)
        }
        var file: RevealExportFile
        switch format {
        case .lottie, .dotLottie: file = try RevealExport.lottie(scene, options: options)
        case .webPage: file = try RevealExport.webPage(scene, options: options, dark: webDark)
        case .webOverlay: file = try RevealExport.webOverlay(scene, options: options, dark: webDark, deadline: logoOptions.deadline)
        }
        // The light animation is `file`, exported once for both.
        let container = format == .dotLottie
            ? try RevealExport.dotLottie(
                light: file, dark: darkScene.map { (dark) throws(LogoMaskError) in try RevealExport.lottie(dark, options: options) })
            : nil
        // Only a Lottie JSON gets a file of its own in dark mode; the others hold both appearances.
        let writesFile = !dark || format == .lottie
        if format == .lottie || format == .dotLottie, content != nil {
            file.notes.append("--content is not in a Lottie: the overlay plays above the app's own window.")
        }
        var written = writesFile ? [path] : []
        if contactSheet != nil || still != nil {
            let named = { (path: String) in dark ? DarkVariantPath.of(path) : path }
            let report = try RevealRenderer.render(
                scene, fps: fps, output: nil, contactSheet: contactSheet.map(named), still: still.map(named),
                workers: workers ?? ProcessInfo.processInfo.activeProcessorCount, deadline: logoOptions.deadline,
                progress: { _ in })
            written += report.written
        }
        if let container {
            if writesFile { try RevealExport.write(container, to: path) }
        } else if writesFile {
            try RevealExport.write(file, to: path)
        }
        if quiet { return }
        if dark {
            if !json { print(written.map { "wrote \($0) (dark mode)" }.joined(separator: "\n")) }
            return
        }
        let viewport = scene.placement.viewport
        let report = ExportReport(
            format: format, written: written, bytes: container?.bytes.count ?? file.text.utf8.count,
            width: viewport.size.width, height: viewport.size.height, density: viewport.density,
            fps: fps, duration: scene.duration, finalScale: scene.finalScale, coverScale: scene.cover?.scale,
            anchor: scene.placement.resolvedAnchor, anchorChosen: scene.anchorChoice, anchorNote: scene.anchorNote,
            embeddedPicture: file.embeddedPicture, notes: file.notes, approximations: file.approximations,
            app: file.handOff)
        if json {
            printJSON(report)
            return
        }
        let kind = switch format {
        case .lottie: "Lottie"
        case .dotLottie: "dotLottie"
        case .webPage: "web page"
        case .webOverlay: "web overlay script (any window)"
        }
        var lines = ["\(scene.spec.name): \(kind), \(formatNumber(viewport.size.width))x\(formatNumber(viewport.size.height)) pt, \(formatNumber(scene.duration)) s, \(formatNumber(Double(report.bytes) / 1000, decimals: 1)) kB"]
        if let finalScale = scene.finalScale {
            lines.append("final scale \(formatNumber(finalScale, decimals: 4))\(scene.cover == nil ? " (given)" : " = cover scale of \(viewport)")")
        }
        lines += file.notes.map { "note: \($0)" }
        lines += file.approximations.map { "approximated: \($0)" }
        if let content = file.handOff.contentScale, let first = content.values.first, let last = content.values.last {
            lines.append("the app scales its content \(formatNumber(first)) -> \(formatNumber(last)) over \(formatNumber(content.times.last ?? 0)) s (see --json)")
        }
        lines.append("the app removes the overlay at \(formatNumber(file.handOff.removeOverlayAt)) s")
        lines += written.map { "wrote \($0)" }
        print(lines.joined(separator: "\n"))
    }
}
