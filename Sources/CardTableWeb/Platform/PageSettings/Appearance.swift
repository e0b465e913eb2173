/// Whether a player's pages are light or dark (issue 34): as their system says (the default), or
/// always one of the two. The layout names it on `<html data-appearance>`, so the first paint
/// already has the right colors.
enum Appearance: String, Codable, CaseIterable, Sendable {
    case system, light, dark

    /// The appearance of the page being rendered, set for each page request by
    /// ``PageSettingsMiddleware`` (the system's for anything rendered outside one).
    @TaskLocal static var current = PageAppearance(appearance: .system)

    /// The one the toggle switches to next: system, then light, then dark, then system again.
    var next: Appearance {
        switch self {
        case .system: .light
        case .light: .dark
        case .dark: .system
        }
    }

    /// What the toggle's button says it shows now, and what a tap does.
    var toggleLabel: String {
        "Appearance: \(rawValue). Switch to \(next.rawValue)."
    }
}

/// The appearance of the page being rendered, and the values its templates read (the layout's
/// colors and toggle, drawn once per appearance by ``SettingsFragments``).
struct PageAppearance: Sendable {
    let appearance: Appearance

    /// The values the appearance's templates read (see ``SettingsFragments``).
    var templateValues: [String: String] {
        [
            "appearance": appearance.rawValue,
            "appearanceNext": appearance.next.rawValue,
            "appearanceLabel": appearance.toggleLabel,
            // NB: the canvas before the stylesheet arrives.
            "appearanceColorScheme": appearance == .system ? "light dark" : appearance.rawValue,
            "appearanceLightMedia": appearance == .system
                ? "(prefers-color-scheme: light)" : appearance == .light ? "all" : "not all",
            "appearanceDarkMedia": appearance == .system
                ? "(prefers-color-scheme: dark)" : appearance == .dark ? "all" : "not all",
        ]
    }
}
