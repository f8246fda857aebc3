import ArgumentParser
import LogoMask
import MaskGeometry

/// `--config FILE`, in every command that loads a logo (through ``LogoOptions``). The file's keys
/// become flags before parsing (``ConfigArguments/expand(_:)``); this group only declares them.
struct ConfigOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "A configuration file (`logo-mask init` writes one) whose keys stand in for the flags not given; a flag given wins.",
        valueName: "file"))
    var config: String?

    /// The configuration's logo, resolved against its folder (set by ``ConfigArguments``).
    @Option(help: ArgumentHelp(visibility: .private))
    var configLogo: String?
}

/// Turns `--config FILE` into the flags its keys stand for, for the flags the user did not give:
/// `hole --config logo-mask.yml -o x.png` runs as `hole -o x.png --background ... --device ...`.
/// A flag given on the command line wins over its key, and one of a group of exclusive flags
/// (`--background`, `--background-gradient`, `--background-image`) wins over the whole group.
enum ConfigArguments {
    /// `arguments` (without the program name) with the configuration's flags added after the
    /// subcommand; unchanged when there is no `--config`.
    static func expand(_ arguments: [String]) throws(LogoMaskError) -> [String] {
        guard let command = arguments.first, !["generate", "init"].contains(command), let path = configPath(arguments) else {
            return arguments
        }
        let configuration = try SplashConfiguration.load(path: path)
        let given = Set(arguments.filter { $0.hasPrefix("--") }.map { String($0.split(separator: "=", maxSplits: 1)[0]) })
        var added: [String] = []
        for (group, flag, value) in flags(of: configuration, for: command) where given.isDisjoint(with: group) {
            if let value { added += [flag, value] }
        }
        return [command] + added + arguments.dropFirst()
    }

    /// The file after `--config` (or in `--config=FILE`).
    private static func configPath(_ arguments: [String]) -> String? {
        for (index, argument) in arguments.enumerated() {
            if argument == "--" { return nil }
            if argument == "--config", index + 1 < arguments.count { return arguments[index + 1] }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
        }
        return nil
    }

    /// The flags `command` takes from the configuration: the group of flags that set the same
    /// thing, the flag, its value (nil: the key is not set).
    static func flags(of c: SplashConfiguration, for command: String) -> [(group: Set<String>, flag: String, value: String?)] {
        var result: [(group: Set<String>, flag: String, value: String?)] = [(["--config-logo"], "--config-logo", c.resolve(c.logo))]
        func add(_ flag: String, _ value: String?, group: Set<String> = []) {
            result.append((group.union([flag]), flag, value))
        }
        let screen: Set<String> = ["--device", "--viewport"]
        let animation: Set<String> = ["--preset", "--spec"]
        let width = c.logoWidth(for: .ios)
        switch command {
        case "hole":
            let backgrounds: Set<String> = ["--background", "--background-gradient", "--background-image"]
            add(c.background.gradient == nil ? "--background" : "--background-gradient", c.background.text, group: backgrounds)
            add("--device", c.devices.first?.name, group: screen)
            add("--logo-width", formatNumber(width))
        case "reveal", "code":
            if let spec = c.reveal.spec { add("--spec", c.resolve(spec), group: animation) } else { add("--preset", c.reveal.preset.rawValue, group: animation) }
            add("--logo-width", formatNumber(width))
            add("--anchor", c.reveal.anchor?.description)
            add("--duration", c.reveal.duration.map { formatNumber($0) })
            add("--margin", formatNumber(c.reveal.margin))
            if command == "reveal" {
                add("--device", c.devices.first?.name, group: screen)
                add("--fps", formatNumber(c.reveal.fps))
                add("--background", c.background.flatColor.hexString)
                add("--dark-background", c.darkBackground?.flatColor.hexString)
                add("--dark-logo", c.darkLogo.map(c.resolve))
                add("--content", c.reveal.content.map(c.resolve))
            } else {
                add("--package", c.code.kotlinPackage)
                add("--background", c.background.flatColor.hexString)
                add("--dark-background", c.darkBackground?.flatColor.hexString)
                add("--dark-logo", c.darkLogo.map(c.resolve))
                add("--android-icon-background", c.android.iconBackground?.hexString)
                add("--android-fit", c.android.iconFit.rawValue)
                // The exit continues the animated icon only when the icon plays the reveal's own preset.
                if c.reveal.spec == nil, c.android.animatedIcon == c.reveal.preset {
                    add("--animated-icon", c.android.animatedIcon?.rawValue, group: animation)
                }
            }
        case "assets":
            add("--platforms", c.platforms.map(\.rawValue).joined(separator: ","))
            add("--background", c.background.flatColor.hexString)
            add("--dark-background", c.darkBackground?.flatColor.hexString)
            add("--dark-logo", c.darkLogo.map(c.resolve))
            add("--logo-width", formatNumber(width))
            add("--still-preset", c.reveal.spec == nil ? c.reveal.preset.rawValue : nil)
            add("--android-icon-background", c.android.iconBackground?.hexString)
            add("--android-fit", c.android.iconFit.rawValue)
            add("--animated-icon", c.android.animatedIcon?.rawValue)
        case "cover":
            add("--device", c.devices.first?.name, group: screen.union(["--all-devices"]))
            add("--logo-width", formatNumber(width))
            add("--anchor", c.reveal.anchor?.description)
        default:
            break
        }
        return result
    }
}
