// The shared test support (Tests/LogoMaskTestSupport: paths, process runner, tool finder, hostile
// inputs, PNG reader) for every file of this target, including test files written before the
// module existed, which used the same names from files now moved there.
@_exported import LogoMaskTestSupport
