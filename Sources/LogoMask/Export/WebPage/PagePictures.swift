import Foundation
import MaskGeometry

/// The pictures a page embeds, drawn as ``RevealLayers`` draws them for the frames (the same
/// static helpers, at the viewport's device pixels), but only those the page needs: a gradient
/// background is SVG, so its plane, the costliest of the layers at phone sizes, is never drawn.
enum PagePictures {
    /// The app content: the scene's picture scaled to fill the viewport over white, or the
    /// placeholder screen.
    static func content(_ scene: RevealScene) throws(LogoMaskError) -> PixelPlane {
        let viewport = scene.placement.viewport
        let width = viewport.pixelWidth, height = viewport.pixelHeight
        let content = PixelPlane(width: width, height: height)
        if let image = scene.settings.content {
            let source = try RevealLayers.plane(of: image)
            try content.draw { (context: CairoContext) throws(LogoMaskError) in
                context.paint(color: .white, operator: .source)
                context.paintImage(try source.makeSurface(), placement: RevealLayers.fill(source.width, source.height, into: width, height),
                                   filter: .good)
            }
        } else {
            try content.draw { (context: CairoContext) throws(LogoMaskError) in
                PlaceholderScreen.draw(on: context, width: Double(width), height: Double(height), density: viewport.density)
            }
        }
        return content
    }

    /// A background picture (the spec's `image`, read relative to the spec's folder) scaled to
    /// fill the viewport.
    static func background(_ scene: RevealScene, path: String) throws(LogoMaskError) -> PixelPlane {
        let viewport = scene.placement.viewport
        let width = viewport.pixelWidth, height = viewport.pixelHeight
        let resolved = path.hasPrefix("/") || scene.settings.specFolder == nil
            ? path : URL(fileURLWithPath: scene.settings.specFolder ?? ".").appendingPathComponent(path).path
        let source = try RevealLayers.plane(of: try RasterImage(contentsOfPNG: resolved))
        let plane = PixelPlane(width: width, height: height)
        try plane.draw { (context: CairoContext) throws(LogoMaskError) in
            context.paintImage(try source.makeSurface(), placement: RevealLayers.fill(source.width, source.height, into: width, height),
                               filter: .good, operator: .source)
        }
        return plane
    }

    /// The caption and its top-left corner in device pixels: centred, 24 pt below the logo's
    /// launch rect, on whole pixels.
    static func caption(_ scene: RevealScene) throws(LogoMaskError) -> (plane: PixelPlane, origin: Point)? {
        guard let image = scene.settings.caption else { return nil }
        let viewport = scene.placement.viewport
        let plane = try RevealLayers.plane(of: image)
        let x = (Double(viewport.pixelWidth) - Double(plane.width)) / 2
        let y = (scene.launchFrame.maxY + 24) * viewport.density
        return (plane, Point(x: x.rounded(.down), y: y.rounded(.down)))
    }
}
