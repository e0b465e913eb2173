import CardTableBasics
import Foundation
import SeededRandom

extension RoomReferee {
    /// Adds a computer opponent of `level` to the room (the host, between games).
    func addBot(_ code: RoomCode, level: BotLevel, for player: PlayerID) async throws -> Answer {
        let bot = PlayerID.random()
        return try await act(on: code) { room, _ throws(RoomRefusal) in
            try room.addBot(level, as: bot, by: player)
        }
    }

    /// What a new game against the computer closes: the host's earlier ones (so that playing
    /// one after another never reaches the limit of open rooms).
    static let earlierComputerGames = ReplacedRooms(
        isReplaced: \.isGameAgainstComputer,
        happening: RoomHappening(
            kind: .closed, text: "The room closed: its host started a new game against the computer."))

    /// Seats `bots` computer opponents of `level` in the new room `code` and starts its game at
    /// once: a game against the computer. The events of both come back together.
    func startAgainstComputer(_ code: RoomCode, bots: Int, level: BotLevel, for player: PlayerID)
        async throws -> Answer
    {
        let players = (0..<bots).map { _ in PlayerID.random() }
        return try await act(on: code) { room, now throws(RoomRefusal) in
            var happenings: [RoomHappening] = []
            for bot in players {
                happenings += try room.addBot(level, as: bot, by: player)
            }
            var generator = SystemRandomNumberGenerator()
            return happenings + (try room.start(by: player, using: &generator, at: now))
        }
    }

    /// Takes the computer opponent numbered `number` out of the room (the host, between games).
    func removeBot(_ code: RoomCode, number: Int, for player: PlayerID) async throws -> Answer {
        try await act(on: code) { room, _ throws(RoomRefusal) in
            try room.removeBot(number, by: player)
        }
    }

    /// Hands the seat of member `number`, who left the game under way, to a new computer
    /// opponent of `level` (the host only).
    func handSeatToBot(_ code: RoomCode, of number: Int, level: BotLevel, for player: PlayerID)
        async throws -> Answer
    {
        let bot = PlayerID.random()
        return try await act(on: code) { room, now throws(RoomRefusal) in
            try room.handSeatToBot(of: number, level: level, as: bot, by: player, at: now)
        }
    }

    /// Plays a bot's move decided on the room at event `lastEvent`, through the same rules as a
    /// player's; nothing happens when the room has moved on since (the bot decides again), so
    /// two drivers never both move on one state of the table. A move the room refuses (the
    /// game ended meanwhile) changes nothing.
    @discardableResult
    func playBot(_ code: RoomCode, _ move: RoomBotPlanner.Move, decidedAt lastEvent: Int) async throws
        -> Answer
    {
        let answer = try await act(on: code, ifStillAt: lastEvent) { room, now in
            guard let bot = room.members.first(where: { $0.number == move.member && $0.bot != nil }) else {
                return []
            }
            do {
                switch move.action {
                case .claim(let cards):
                    let happenings = try room.claim(cards, by: bot.player, at: now)
                    // NB: a claim that was wrong, or not judged (the table changed as it went),
                    // sends the bot searching again; one too late comes with a new table.
                    if happenings.contains(where: { [.wrongSet, .tableChanged].contains($0.kind) }) {
                        room.noteBotMissed(bot.number, at: RoomMoment(event: lastEvent + 1, at: now))
                    }
                    return happenings
                case .voteToDeal:
                    return try room.voteToDeal(by: bot.player, at: now)
                case .turnACard:
                    guard case .memorize(let game)? = room.table else { return [] }
                    var generator = RoomBotPlanner.generator(room, lastEvent: lastEvent, member: bot.number)
                    let startsATurn = game.game.cards.filter { $0.isFaceUp && !$0.isMatched }.count != 1
                    if startsATurn { room.letBotForget(bot.number, using: &generator) }
                    guard let memory = room.members.first(where: { $0.number == bot.number })?.bot?.memory,
                        let card = memory.choice(among: game.game.cardsInSight, using: &generator)
                    else { return [] }
                    return try room.choose(cardID: card, by: bot.player, at: now)
                }
            } catch {
                return []
            }
        }
        // A bot's mismatch turns back by itself, as a person's does.
        turnMismatchBackInTime(answer.room)
        return answer
    }
}
