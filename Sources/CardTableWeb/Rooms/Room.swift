import CardTableBasics
import Foundation
import MemorizeCore
import SetCore

/// A room where friends play one game together, each from their own device: who is in it, the
/// game it plays and where that game stands. The server is its only referee.
///
/// Every change is a `mutating` method that returns what happened, in order, for the room's
/// event log; a request the room turns down throws a ``RoomRefusal`` and changes nothing.
struct Room: Equatable, Sendable, Codable {
    /// Where a room is: gathering players, playing a game, or between games.
    enum Phase: String, Hashable, Sendable, Codable {
        case lobby, playing, finished
    }

    /// The game on the table.
    enum Table: Equatable, Sendable, Codable {
        case set(MultiplayerSetGame)
        case memorize(TurnBasedMemoryGame<String>)
    }

    /// The most players at one table (more members watch).
    static let maximumPlayers = 8
    /// The most members a room holds, players and spectators together.
    static let maximumMembers = 32

    let code: RoomCode
    let game: CardGame
    /// The host's Memorize theme, copied in when the room was made (later edits do not reach it).
    let theme: Theme?
    /// The game of Set the host chose; `nil` for a Memorize room and for a Set room stored before
    /// there were modes (Normal).
    private let savedSetVariant: SetVariant?
    /// Everyone who joined, in order; the host is first.
    private(set) var members: [RoomMember]
    private(set) var phase = Phase.lobby
    /// How many games the room has started; 0 in the lobby.
    private(set) var gameNumber = 0
    private(set) var table: Table?
    /// For each card on the Set table (by number), the first event of the change that dealt it,
    /// so a claim is judged against the table its player saw. Nil in rooms stored before it was
    /// kept, and a card it lacks counts as seen.
    private(set) var setCardsDealtAt: [Int: Int]?
    /// For each card on the Set table (by number), the moment it was dealt (where
    /// ``setCardsDealtAt`` holds the event that dealt it), so a claim naming a card
    /// that reached its player less than ``MultiplayerSetGame/reactionTime`` before is "the table
    /// changed". Nil in rooms stored before it was kept, and a card it lacks was dealt long ago.
    private(set) var setCardsDealtTime: [Int: Date]?
    /// The event and moment the Set table last changed (cards dealt or taken, or, in Set-Chain,
    /// a new last Set), from which a computer opponent's search of it counts. Nil in Memorize
    /// rooms and in rooms stored before it was kept.
    private(set) var setTableChanged: RoomMoment?
    /// The last event a person (not a bot) made happen, after which computer opponents play only
    /// for ``botPatience``; nil in rooms stored before it was kept.
    private(set) var personActed: RoomMoment?
    /// Since when the host has listed the room under Open rooms, where anyone may find and join
    /// it; nil when only its code lets people in (and in rooms stored before the list).
    private(set) var openSince: Date?
    /// Who listed the room, as ``Room/listingAddress(_:)`` writes their address, so that one
    /// address can list only so many rooms; nil when it is not listed (and in rooms listed before
    /// it was kept, or by a client without an address).
    private(set) var openFrom: String?
    /// Whether the room's games count for its players' ratings (issue 49); nil in rooms stored
    /// before there were ratings, which are casual.
    private let savedIsRated: Bool?
    /// What the last game did to each seated player's rating, once a rated game has ended; nil
    /// otherwise (and from when the next game starts).
    private(set) var ratingChanges: [RoomRatingChange]?
    /// Who may chat and react (issue 51), as the host set it; nil in rooms where they never did
    /// (and in rooms stored before chat): everyone.
    private var savedChatAudience: ChatAudience?
    /// The room a member made for the players of the last game (``RoomHappening/Kind/invited``),
    /// and who made it; nil until then (and in rooms stored before it was kept).
    private(set) var nextRoom: NextRoom?
    /// How fast a Memorize room plays (issue 52); nil in live rooms (and in rooms stored before
    /// there were paces).
    private let savedPace: RoomPace?
    /// In a game played a turn a day, whose turn the day runs for, since when, and the turns
    /// each seat missed; nil otherwise.
    private(set) var turnClock: TurnClock?

    // NB: every stored property, the Set variant saved as `setVariant`.
    enum CodingKeys: String, CodingKey {
        case code, game, theme
        case savedSetVariant = "setVariant"
        case members, phase, gameNumber, table, setCardsDealtAt, setCardsDealtTime, setTableChanged,
            personActed
        case openSince, openFrom
        case savedIsRated = "rated"
        case ratingChanges
        case savedChatAudience = "chatAudience"
        case nextRoom
        case savedPace = "pace"
        case turnClock
    }

    /// A new room with its host as its only member; a Set room plays `setVariant`, and its games
    /// count for ratings when `rated`. A Memorize room plays at `pace`.
    /// - Precondition: a Memorize room has a theme; a Set room is live.
    init(
        code: RoomCode, game: CardGame, theme: Theme?, setVariant: SetVariant = .normal, rated: Bool = false,
        pace: RoomPace = .live, host: PlayerID, hostName: DisplayName
    ) {
        precondition((game == .memorize) == (theme != nil), "A Memorize room needs a theme, a Set room none.")
        precondition(game == .memorize || pace == .live, "Set is a race: a Set room is live.")
        savedPace = pace == .live ? nil : pace
        self.code = code
        self.game = game
        self.theme = theme
        savedSetVariant = game == .set ? setVariant : nil
        savedIsRated = rated ? true : nil
        members = [RoomMember(number: 1, player: host, name: hostName)]
    }

    // MARK: - Reading the room

    /// The member who made the room and starts its games.
    var host: RoomMember { members[0] }

    /// The game of Set this room plays (Normal for a Memorize room, which has none).
    var setVariant: SetVariant { savedSetVariant ?? .normal }

    /// Whether the room is listed under Open rooms (see ``openSince``).
    var isOpen: Bool { openSince != nil }

    /// Whether the room's games count for ratings; casual otherwise.
    var isRated: Bool { savedIsRated ?? false }

    /// How fast the room plays: live, or a turn a day.
    var pace: RoomPace { savedPace ?? .live }

    /// Who may chat and react in the room.
    var chatAudience: ChatAudience { savedChatAudience ?? .everyone }

    /// The game's mode as the open list names it: the Set variant, nil for Memorize.
    var modeName: String? { game == .set ? setVariant.rawValue : nil }

    /// The member `player` is, if they joined.
    func member(for player: PlayerID) -> RoomMember? {
        members.first { $0.player == player }
    }

    /// The member `player` is, if they joined and the host did not remove them.
    func currentMember(for player: PlayerID) -> RoomMember? {
        member(for: player).flatMap { $0.wasRemoved ? nil : $0 }
    }

    /// The member at `seat` in the current game.
    func member(atSeat seat: Int) -> RoomMember? {
        members.first { $0.seat == seat }
    }

    /// Whether two Memorize cards that do not match are face up.
    var isShowingMismatch: Bool {
        guard case .memorize(let game)? = table else { return false }
        return game.isShowingMismatch
    }

    /// When the Memorize mismatch showing is due to turn back, `delay` seconds after it was
    /// turned up (`.distantPast` when it was stored without its time); nil when none is.
    func mismatchTurnsBack(after delay: TimeInterval) -> Date? {
        guard phase == .playing, case .memorize(let game)? = table else { return nil }
        return game.mismatchTurnsBack(after: delay)
    }

    /// When each card on the Set table reached a player: for a player whose socket said when it
    /// sent each event (`deliveries`), the moment the event that dealt the card went out on it
    /// (not yet, for one still on its way); for any other, the moment it was dealt. Cards dealt
    /// before these were kept are left out (they reached everyone long ago).
    func setCardArrivals(through deliveries: EventDeliveries?) -> [SetCard: CardArrival] {
        guard case .set(let game)? = table, let dealtAt = setCardsDealtAt, let dealtTime = setCardsDealtTime
        else { return [:] }
        var arrivals: [SetCard: CardArrival] = [:]
        for card in game.table {
            guard let event = dealtAt[card.id], let dealt = dealtTime[card.id] else { continue }
            guard let deliveries else {
                arrivals[card] = .at(dealt)
                continue
            }
            arrivals[card] = deliveries.sentAt(event: event).map { .at(max($0, dealt)) } ?? .notYet
        }
        return arrivals
    }

    /// The seats of the players who are still here.
    var activeSeats: Set<Int> {
        Set(members.filter { !$0.isAway }.compactMap(\.seat))
    }

    // MARK: - Internal

    /// The member `player` is, or ``RoomRefusal/notAMember`` (``RoomRefusal/removed`` for one
    /// the host removed).
    func requireMember(_ player: PlayerID) throws(RoomRefusal) -> RoomMember {
        guard let member = member(for: player) else { throw .notAMember }
        guard !member.wasRemoved else { throw .removed }
        return member
    }

    /// The seat `player` plays at in the game under way.
    func requireSeat(of player: PlayerID) throws(RoomRefusal) -> (member: RoomMember, seat: Int) {
        let member = try requireMember(player)
        guard phase == .playing else { throw phase == .lobby ? .notStarted : .move("The game is over.") }
        guard let seat = member.seat else { throw .notAPlayer }
        return (member, seat)
    }

    /// Puts `member` in place of the member with its number.
    mutating func replaceMember(_ member: RoomMember) {
        guard let index = members.firstIndex(where: { $0.number == member.number }) else { return }
        members[index] = member
    }

    /// Changes the member numbered `number`.
    mutating func updateMember(_ number: Int, _ change: (inout RoomMember) -> Void) {
        guard let index = members.firstIndex(where: { $0.number == number }) else { return }
        change(&members[index])
    }

    /// Notes the cards a change from `before` put on the Set table as dealt at `firstEvent`, the
    /// first event of that change (every event of a change shows the table it left), at `now`,
    /// and forgets the cards that left.
    mutating func noteCardsDealt(since before: Room, firstEvent: Int, at now: Date) {
        guard case .set(let game)? = table else {
            setCardsDealtAt = nil
            setCardsDealtTime = nil
            setTableChanged = nil
            return
        }
        let isSameGame = before.gameNumber == gameNumber
        var earlier: Set<SetCard> = []
        var isSameTable = false
        if isSameGame, case .set(let old)? = before.table {
            earlier = Set(old.table)
            isSameTable = old.table == game.table && old.previousSet == game.previousSet
        }
        if !isSameTable || setTableChanged == nil {
            setTableChanged = RoomMoment(event: firstEvent, at: now)
        }
        let knownEvents = isSameGame ? setCardsDealtAt ?? [:] : [:]
        let knownTimes = isSameGame ? setCardsDealtTime ?? [:] : [:]
        var dealtAt: [Int: Int] = [:]
        var dealtTime: [Int: Date] = [:]
        for card in game.table {
            let isEarlier = earlier.contains(card)
            dealtAt[card.id] = isEarlier ? knownEvents[card.id] : firstEvent
            dealtTime[card.id] = isEarlier ? knownTimes[card.id] : now
        }
        setCardsDealtAt = dealtAt
        setCardsDealtTime = dealtTime
    }

    /// Notes `happenings`, the change that starts at `moment`, when a person made one of them
    /// (a turn passed names the next player, who made nothing happen).
    mutating func notePersonActed(in happenings: [RoomHappening], at moment: RoomMoment) {
        let people = Set(members.filter { $0.bot == nil }.map(\.number))
        if happenings.contains(where: { !$0.kind.isTurnKeeping && ($0.member.map(people.contains) ?? false) })
        {
            personActed = moment
        }
    }

    mutating func setTable(_ table: Table) {
        self.table = table
    }

    mutating func finish() {
        phase = .finished
    }

    mutating func beginGame(_ table: Table, seating seated: [Int]) {
        for index in members.indices {
            members[index].seat = seated.firstIndex(of: members[index].number)
        }
        self.table = table
        gameNumber += 1
        phase = .playing
        ratingChanges = nil
    }

    mutating func setTurnClock(_ clock: TurnClock?) {
        turnClock = clock
    }

    /// Starts the day of a game played a turn a day again for whoever's turn it now is, if the
    /// turn changed without a move (a seat left).
    mutating func followTurn(at now: Date) {
        guard case .memorize(let game)? = table, var clock = turnClock else { return }
        clock.follow(game, at: now)
        turnClock = clock
    }

    mutating func setRatingChanges(_ changes: [RoomRatingChange]) {
        ratingChanges = changes
    }

    mutating func setNextRoom(_ next: NextRoom) {
        nextRoom = next
    }

    mutating func setChatAudience(_ audience: ChatAudience) {
        savedChatAudience = audience == .everyone ? nil : audience
    }

    /// Lists the room since `date` by a client at `address` (see ``listingAddress(_:)``), or takes
    /// it off the list (nil).
    mutating func setOpenSince(_ date: Date?, from address: String?) {
        openSince = date
        openFrom = date == nil ? nil : address
    }

    mutating func add(_ member: RoomMember) {
        members.append(member)
    }

    /// Takes the member numbered `number` out of the room.
    mutating func removeMember(_ number: Int) {
        members.removeAll { $0.number == number }
    }
}
