import CardTableHTTP

/// Whether a player hears the games' sounds (issue 46): on, the default, or off, on every device
/// of theirs. Browsers let a page play sound only once the player has tapped it, so "on" starts
/// with the first tap. Game pages show the toggle (`sound-toggle.mustache`); other pages play
/// nothing.
enum Sound: String, Codable, CaseIterable, Sendable {
    case on, off

    /// The sound setting of the page being rendered, set for each page request by
    /// ``PageSettingsMiddleware`` (on for anything rendered outside one).
    @TaskLocal static var current = Sound.on

    /// The setting the toggle switches to.
    var next: Sound { self == .on ? .off : .on }

    /// The values the toggle's template reads (see ``SettingsFragments``).
    var templateValues: [String: String] {
        ["sound": rawValue, "soundNext": next.rawValue, "soundIsOn": self == .on ? "true" : "false"]
    }
}
