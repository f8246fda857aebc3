import ArgumentParser
import LogoMask

// The library types the commands take as flag values, read with the library's own parsers.

extension RGBAColor: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}

extension PNGCompression: ExpressibleByArgument {}

extension RevealPreset: ExpressibleByArgument {}

extension LaunchScene.Platform: ExpressibleByArgument {}
