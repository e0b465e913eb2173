/// What a player chose for how their pages look and sound, on every device of theirs.
struct PageSettings: Equatable, Sendable {
    var appearance = Appearance.system
    var sound = Sound.on
}

extension CardTableDatabase {
    /// The settings `player`'s pages are drawn with, in one statement: each the default when they
    /// never chose (or its stored value no longer reads as one).
    func pageSettings(of player: PlayerID) async throws -> PageSettings {
        try await read { transaction in
            try transaction.firstRow(
                """
                SELECT (SELECT appearance FROM player_appearance WHERE player_id = \(player.rawValue)) AS appearance,
                    (SELECT sound FROM player_sound WHERE player_id = \(player.rawValue)) AS sound
                """
            ) { row in
                let appearance: String? = try row("appearance")
                let sound: String? = try row("sound")
                return PageSettings(
                    appearance: appearance.flatMap(Appearance.init(rawValue:)) ?? .system,
                    sound: sound.flatMap(Sound.init(rawValue:)) ?? .on)
            }
        } ?? PageSettings()
    }
}
