import MaskGeometry

/// Numbers as a memo's key (``LogoMemo``), equal only when bit for bit equal: two transforms
/// that compare equal as doubles (0 and -0) may still draw different bytes.
struct ExactNumbers: Hashable, Sendable {
    private let bits: [UInt64]

    /// The key of `values`, in order.
    init(_ values: [Double]) {
        bits = values.map(\.bitPattern)
    }

    /// The key of a transform's six numbers followed by `more`.
    init(_ transform: Transform, _ more: Double...) {
        self.init([transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty] + more)
    }
}
