import CardTableBasics
import Foundation
import MemorizeCore
import SetCore

extension Room {
    /// How long after a person's last event computer opponents go on playing: a room whose people
    /// left without saying so (a form has no socket to drop) stops its bots, and the next move
    /// of a person starts them again.
    static let botPatience: TimeInterval = 10 * 60

    /// Until when the bots play on: ``botPatience`` after a person's last event (for ever in
    /// rooms stored before those were kept).
    var botsPlayUntil: Date { personActed?.at.addingTimeInterval(Self.botPatience) ?? .distantFuture }

    /// Whether the room is its host's game against the computer: unlisted, with bots and nobody
    /// else.
    var isGameAgainstComputer: Bool {
        !isOpen && !bots.isEmpty && members.dropFirst().allSatisfy { $0.bot != nil }
    }

    /// The members who are computer opponents.
    var bots: [RoomMember] { members.filter { $0.bot != nil } }

    /// Whether a person (not a bot) is seated at the game under way and still here: bots play
    /// only while someone they play against is.
    var hasPersonPlaying: Bool {
        phase == .playing && members.contains { $0.bot == nil && $0.seat != nil && !$0.isAway }
    }

    /// Seats a computer opponent of `level` for the next game, as `player` (an id of its own,
    /// which no browser holds), named after its level: "Casual bot", "Casual bot 2". Only the
    /// host adds bots, and not while a game is played; a rated room takes none.
    mutating func addBot(_ level: BotLevel, as player: PlayerID, by host: PlayerID) throws(RoomRefusal)
        -> [RoomHappening]
    {
        try requireHostBetweenGames(host)
        guard !isRated else { throw .botsAreCasual }
        guard pace == .live else { throw .botsAreLive }
        guard members.count < Self.maximumMembers else { throw .full }
        guard members.filter({ !$0.isAway || $0.number == self.host.number }).count < Self.maximumPlayers
        else {
            throw .noSeatForBot(maximum: Self.maximumPlayers)
        }
        let name = botName(level)
        let number = (members.map(\.number).max() ?? 0) + 1
        add(RoomMember(number: number, player: player, name: name, bot: RoomBot(level: level)))
        return [
            RoomHappening(kind: .joined, text: "\(name) joined: a computer opponent.", member: number)
        ]
    }

    /// Takes the bot numbered `number` out of the room (the host, between games).
    mutating func removeBot(_ number: Int, by host: PlayerID) throws(RoomRefusal) -> [RoomHappening] {
        try requireHostBetweenGames(host)
        guard let bot = members.first(where: { $0.number == number }), bot.bot != nil else {
            throw .notABot(number)
        }
        removeMember(number)
        return [RoomHappening(kind: .left, text: "\(bot.name) left.", member: number)]
    }

    /// Hands the seat of the member numbered `number`, who left during the game, to a new
    /// computer opponent of `level` playing as `player` at `now`: it plays on with the seat's
    /// score (in Set, searching the table from `now`), and the member who left watches if they
    /// come back. The host only.
    mutating func handSeatToBot(
        of number: Int, level: BotLevel, as player: PlayerID, by host: PlayerID, at now: Date
    ) throws(RoomRefusal) -> [RoomHappening] {
        let member = try requireMember(host)
        guard member.number == self.host.number else { throw .notTheHost }
        guard phase == .playing else { throw .notStarted }
        guard !isRated else { throw .botsAreCasual }
        guard pace == .live else { throw .botsAreLive }
        guard let leaver = members.first(where: { $0.number == number }), leaver.isAway,
            let seat = leaver.seat
        else { throw .seatNotLeft }
        guard members.count < Self.maximumMembers else { throw .full }
        let name = botName(level)
        let botNumber = (members.map(\.number).max() ?? 0) + 1
        updateMember(number) { $0.seat = nil }
        var bot = RoomBot(level: level)
        // NB: a Set bot starts looking at the table when it sits down, not when the table changed.
        if case .set = table { bot.searchRestarted = RoomMoment(event: setTableChanged?.event ?? 0, at: now) }
        if case .memorize(var game)? = table {
            bot.memory = MemoryBot(level: level.memoryLevel)
            game.rejoin(seat)
            setTable(.memorize(game))
        }
        add(RoomMember(number: botNumber, player: player, name: name, seat: seat, bot: bot))
        return [
            RoomHappening(
                kind: .joined, text: "\(name) takes \(leaver.name)'s seat: a computer opponent.",
                member: botNumber)
        ]
    }

    /// Every Memorize bot looks at the cards face up now; called after each card turned.
    mutating func letBotsLook() {
        guard case .memorize(let game)? = table else { return }
        let sight = game.game.cardsInSight
        for bot in bots {
            updateMember(bot.number) { member in
                member.bot?.memory?.look(at: sight)
            }
        }
    }

    /// The Memorize bot numbered `number` forgets, at the start of its turn.
    mutating func letBotForget(_ number: Int, using generator: inout some RandomNumberGenerator) {
        updateMember(number) { member in
            member.bot?.memory?.forget(using: &generator)
        }
    }

    /// Gives every Memorize bot at the new game an empty memory (Set bots need none), and every
    /// bot a clean slate of wrong claims.
    mutating func resetBotMemories() {
        let isMemorize = game == .memorize
        for bot in bots {
            updateMember(bot.number) { member in
                guard let level = member.bot?.level else { return }
                member.bot?.memory = isMemorize ? MemoryBot(level: level.memoryLevel) : nil
                member.bot?.searchRestarted = nil
            }
        }
    }

    /// Notes that the bot numbered `number` claimed a wrong Set at `moment`: it searches the
    /// table again from then.
    mutating func noteBotMissed(_ number: Int, at moment: RoomMoment) {
        updateMember(number) { $0.bot?.searchRestarted = moment }
    }

    /// Starts every Set bot's search again at `moment` when the bots rested before this change
    /// (`before`: nobody played against them, or no person's event came for ``botPatience``)
    /// and play after it: they do not claim at once what they saw while they rested.
    mutating func restartBotSearches(ifRestingIn before: Room, at moment: RoomMoment) {
        guard case .set? = table, hasPersonPlaying, botsPlayUntil >= moment.at,
            !before.hasPersonPlaying || before.botsPlayUntil < moment.at
        else { return }
        for bot in bots {
            updateMember(bot.number) { $0.bot?.searchRestarted = moment }
        }
    }

    /// Where a Set bot's search of the table under way starts: at the table's last change, or
    /// when it began again since (see ``RoomBot/searchRestarted``); `fallback` in rooms stored
    /// before changes were kept.
    func setSearchStart(of bot: RoomMember, fallback: RoomMoment) -> RoomMoment {
        let changed = setTableChanged ?? fallback
        guard let restarted = bot.bot?.searchRestarted, restarted.at > changed.at else { return changed }
        return restarted
    }

    // MARK: - Private

    private func requireHostBetweenGames(_ player: PlayerID) throws(RoomRefusal) {
        let member = try requireMember(player)
        guard member.number == host.number else { throw .notTheHost }
        guard phase != .playing else { throw .alreadyStarted }
    }

    /// "Casual bot", or "Casual bot 2" (the first number free) when the name is taken.
    private func botName(_ level: BotLevel) -> DisplayName {
        var count = 1
        while true {
            let typed = count == 1 ? "\(level.title) bot" : "\(level.title) bot \(count)"
            // NB: the level names are short ASCII, so the name is always valid.
            let name = try! DisplayName(typed: typed)
            if !members.contains(where: { $0.name.looksLike(name) }) { return name }
            count += 1
        }
    }
}
