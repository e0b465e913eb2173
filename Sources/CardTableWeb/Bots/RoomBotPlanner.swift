import Foundation
import MemorizeCore
import SeededRandom
import SetCore

/// What a room's computer opponents do next, decided from what every player sees of the table
/// as it stood at one event: each bot's move and when it is due. Every draw comes from a
/// generator seeded by the room, its game, the event and the bot, so the same room at the same
/// event always gets the same moves, on any instance.
enum RoomBotPlanner {
    /// A bot's next move and when it is due.
    struct Move: Hashable, Sendable {
        /// The bot's member number.
        let member: Int
        let action: Action
        let due: Date
    }

    /// What a bot does.
    enum Action: Hashable, Sendable {
        /// Claims the Set cards with these numbers.
        case claim([Int])
        /// Asks for three more cards.
        case voteToDeal
        /// Turns a Memorize card, chosen when the move is made (the bot forgets at the start of
        /// its turn, then chooses from what it remembers).
        case turnACard
    }

    /// The moves of the bots in `room` as it was at event `lastEvent`, first seen at `seenAt`;
    /// none unless a person plays the game under way. A Memorize bot waits until a mismatch
    /// showing has shown for `turnBackDelay` seconds, as people see it. A move due after
    /// ``Room/botsPlayUntil`` is left out: the bots wait for a person's next move.
    static func moves(in room: Room, lastEvent: Int, seenAt: Date, turnBackDelay: TimeInterval) -> [Move] {
        movesOfEveryBot(in: room, lastEvent: lastEvent, seenAt: seenAt, turnBackDelay: turnBackDelay)
            .filter { $0.due <= room.botsPlayUntil }
    }

    /// The generator of one bot's draws at one event of one game.
    static func generator(_ room: Room, lastEvent: Int, member: Int) -> SeededGenerator {
        // FNV-1a over the room code, then the numbers mixed in by SplitMix (in SeededGenerator).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in room.code.rawValue.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        for number in [room.gameNumber, lastEvent, member] {
            hash = (hash ^ UInt64(truncatingIfNeeded: number)) &* 0x100_0000_01b3
        }
        return SeededGenerator(seed: hash)
    }

    // MARK: - Private

    /// The moves of every bot that plays in `room`, however late.
    private static func movesOfEveryBot(
        in room: Room, lastEvent: Int, seenAt: Date, turnBackDelay: TimeInterval
    ) -> [Move] {
        guard room.hasPersonPlaying else { return [] }
        let playing = room.bots.filter { $0.seat != nil && !$0.isAway }
        switch room.table {
        case .set(let game)?:
            return playing.compactMap {
                setMove(of: $0, in: room, game, lastEvent: lastEvent, seenAt: seenAt)
            }
        case .memorize(let game)?:
            guard let bot = playing.first(where: { $0.seat == game.turn }), let level = bot.bot?.level else {
                return []
            }
            var generator = generator(room, lastEvent: lastEvent, member: bot.number)
            let thinking = level.memoryLevel.secondsPerCard * generator.logNormalFactor(spread: 0.3)
            var due = seenAt.addingTimeInterval(thinking)
            if let turnsBack = room.mismatchTurnsBack(after: turnBackDelay) { due = max(due, turnsBack) }
            return [Move(member: bot.number, action: .turnACard, due: due)]
        case nil:
            return []
        }
    }

    /// A Set bot's move: its claim on the table it sees, or its vote once every person at the
    /// table has asked for more cards (then after taking in the request). Its search counts
    /// from the table's last change (or its own wrong claim since), whatever happened between,
    /// and draws from a generator seeded at that event.
    private static func setMove(
        of bot: RoomMember, in room: Room, _ game: MultiplayerSetGame, lastEvent: Int, seenAt: Date
    ) -> Move? {
        guard let seat = bot.seat, let level = bot.bot?.level, !game.isOver else { return nil }
        let people = Set(room.members.filter { $0.bot == nil && !$0.isAway }.compactMap(\.seat))
        if !game.dealVotes.contains(seat), !people.isEmpty, people.isSubset(of: game.dealVotes) {
            let due = seenAt.addingTimeInterval(level.setLevel.secondsToTakeInATable)
            return Move(member: bot.number, action: .voteToDeal, due: due)
        }
        let start = room.setSearchStart(of: bot, fallback: RoomMoment(event: lastEvent, at: seenAt))
        var generator = generator(room, lastEvent: start.event, member: bot.number)
        let plan = SetBot(level: level.setLevel).plan(
            table: game.table, variant: game.variant, after: game.previousSet, using: &generator)
        let due = start.at.addingTimeInterval(plan.delay)
        switch plan.move {
        case .claim(let cards, _):
            return Move(member: bot.number, action: .claim(cards.map(\.id)), due: due)
        case .voteToDeal:
            return game.dealVotes.contains(seat)
                ? nil : Move(member: bot.number, action: .voteToDeal, due: due)
        }
    }
}
