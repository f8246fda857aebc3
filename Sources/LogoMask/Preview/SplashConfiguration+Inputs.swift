extension SplashConfiguration {
    /// The files this configuration reads, resolved (the logos, the spec, the content picture),
    /// without the configuration file itself: what a watcher follows besides it.
    public var inputFiles: [String] {
        [logo, darkLogo, reveal.spec, reveal.content].compactMap { $0 }.map(resolve)
    }
}
