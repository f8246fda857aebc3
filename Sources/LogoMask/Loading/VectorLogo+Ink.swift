import FoundationEssentials
import MaskGeometry

extension VectorLogo {
    /// What a drawing of the logo paints, in document units: its ink box, or for a filtered logo
    /// the region its filters reach (``FilterPicture/region(of:)``: a drop shadow's blur lies past
    /// the ink box). The reveal's frames, the Android launch pictures and the Lottie's pictures
    /// all draw this much, so frame 0 shows the shadow the launch screen shows.
    var paintedRegion: Rect {
        FilterPicture.region(of: self) ?? ((try? paintedInkCache.value { () throws(LogoMaskError) in probedInk() }) ?? inkBounds)
    }

    /// librsvg's ink rectangle, grown to where a small coverage picture shows ink past it: that
    /// rectangle can fall short (simple-icons' mattermost paints to x = 24 where it says 23.41),
    /// and frames cut at it lost the logo's edge. The picture covers the rectangle and a quarter
    /// of its longer side around it; ink within two of its pixels of the rectangle leaves it as is.
    private func probedInk() -> Rect {
        let ink = inkBounds
        guard !ink.isEmpty, ink.width.isFinite, ink.height.isFinite else { return ink }
        let margin = max(ink.width, ink.height) / 4
        let probed = Rect(x: ink.minX - margin, y: ink.minY - margin, width: ink.width + 2 * margin, height: ink.height + 2 * margin)
        guard let probe = try? InkProbe.inkedRect(of: self, over: probed), let inked = probe.rect else { return ink }
        // Past the rectangle by more than two of the probe's pixels, the inked ones grow it, one
        // pixel wider each way (a shape's antialiased edge). Nearer, pixels that straddle the
        // rectangle's edge (firefox's, 1.2 pixels past an exact rectangle) leave it as is.
        let pixel = probe.pixel
        let slack = 2 * pixel
        let past = inked.minX < ink.minX - slack || inked.minY < ink.minY - slack
            || inked.maxX > ink.maxX + slack || inked.maxY > ink.maxY + slack
        guard past else { return ink }
        return ink.union(Rect(x: inked.minX - pixel, y: inked.minY - pixel, width: inked.width + 2 * pixel, height: inked.height + 2 * pixel))
    }

    /// True when the logo paints nothing: its ink rectangle is empty, or the logo drawn over that
    /// rectangle (``InkProbe/side`` pixels on its longer side: any shape covering more than 1/255
    /// of one of its pixels shows) covers no pixel at all and its
    /// outline confirms it (exact, and no shape with a visible paint).
    ///
    /// librsvg's ink rectangle counts shapes that are drawn invisibly (`fill="none"`,
    /// `opacity="0"`, hidden strokes), so it alone cannot tell. The small picture answers for
    /// almost every logo in a millisecond; the outline is read only when the picture is empty,
    /// since a document too large for librsvg to draw small also draws nothing there.
    public var paintsNothing: Bool {
        // Asked by every cover search (twelve for all devices) and scene: probed once per logo.
        (try? paintsNothingCache.value { () throws(LogoMaskError) in probePaintsNothing() }) ?? false
    }

    private func probePaintsNothing() -> Bool {
        let ink = inkBounds
        guard !ink.isEmpty, ink.width.isFinite, ink.height.isFinite else { return true }
        // A logo that cannot even be drawn small is not called empty here: drawing it reports why.
        guard let probe = try? InkProbe.inkedRect(of: self, over: ink), probe.rect == nil else { return false }
        guard let outline = try? outline, outline.isExact else { return false }
        return outline.shapes.allSatisfy { $0.paint.isFlat && $0.paint.opacity <= 0 }
    }

    /// Throws ``LogoMaskError/noVisibleInk(file:)`` when the logo paints nothing (see ``paintsNothing``).
    func requireInk() throws(LogoMaskError) {
        if paintsNothing { throw LogoMaskError.noVisibleInk(file: name) }
    }
}
