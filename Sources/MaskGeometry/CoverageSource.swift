/// What the cover-scale search needs from a renderer: coverage of the logo under a transform,
/// as a summed-area table of the pixels that are not fully covered, and the exact answer for
/// the viewport itself.
///
/// `LogoMask` implements it with Cairo; tests can implement it with any shape.
public protocol CoverageSource {
    /// The error rendering may throw.
    associatedtype Failure: Error

    /// Renders the logo with `transform` (document units to grid pixels) onto a `width` x
    /// `height` grid and builds `table` over it with the `.belowFull` criterion.
    mutating func buildCoverageTable(
        transform: Transform, width: Int, height: Int, into table: inout SummedAreaTable
    ) throws(Failure)

    /// Renders the viewport (its whole pixel grid, or only `boxes` when given) with the logo at
    /// `transform` (document units to viewport pixels) and answers whether every rendered pixel
    /// has coverage 255. This is the definition the search's answer is checked against.
    mutating func viewportIsCovered(transform: Transform, boxes: [PixelBox]?) throws(Failure) -> Bool
}
