/// A test hook's count of what a memo (``LogoMemo``) was asked for and what it made: the
/// difference is what the outputs shared.
struct MemoTally: Sendable, Equatable {
    /// Values asked for.
    var asked = 0
    /// Values made (the rest were shared).
    var made = 0
}
