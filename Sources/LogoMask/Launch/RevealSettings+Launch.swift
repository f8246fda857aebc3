import MaskGeometry

extension RevealSettings {
    /// Settings whose frame 0 is `launch`: its screen, its background colour, and the logo's
    /// document box exactly where the platform draws it (width and centre from
    /// ``LaunchScene/logoFrame``), every other value at its default.
    public init(launch: LaunchScene) {
        self.init(viewport: launch.viewport)
        logoWidth = launch.logoFrame.width
        center = launch.logoFrame.center
        background = launch.background
    }
}
