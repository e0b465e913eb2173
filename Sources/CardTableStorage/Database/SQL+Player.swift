import CardTableBasics
import Foundation

extension SQL {
    /// Stores `player`, first seen `now`, unless they are stored already. The `player` table is
    /// the root of every other table's keys, so a move that saves a row stores its player first.
    package static func storing(_ player: PlayerID, at now: Date) -> SQL {
        """
        INSERT INTO player (id, created_at, last_seen_at, owns_themes, unsigned_cookie)
        VALUES (\(player.rawValue), \(now), \(now), \(false), \(false)) ON CONFLICT (id) DO NOTHING
        """
    }
}
