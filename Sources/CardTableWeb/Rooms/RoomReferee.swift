import CardTableBasics
import CardTableHTTP
import CardTableStorage
import Foundation
import Logging
import MemorizeCore
import SetCore

/// Referees rooms: applies each request to its room as one move of the database's, appends what
/// happened to the room's event log, and then tells the room's listeners. Claims on one room are
/// judged one after another, in the order they are saved (see
/// ``CardTableDatabase/changeRoom(_:at:_:)``), so the first valid claim for a card wins it.
struct RoomReferee: Sendable {
    /// A room after a request, with the events the request added (as sent to members).
    struct Answer: Sendable {
        let room: Room
        let lastEvent: Int
        let events: [String]
        /// What the events say happened.
        var happenings: [RoomHappening] = []
    }

    /// How many events a client may be behind and still be sent each of them; further behind, it
    /// is sent the latest view instead.
    static let catchUpLimit = 200

    /// Where rooms are kept, and the hosts' themes (a Memorize room copies one).
    let database: any CardTableDatabase
    let environment: WebEnvironment
    let hub: RoomHub
    let logger: Logger
    /// How long a Memorize mismatch stays face up before it turns back by itself.
    let turnBackDelay: Duration
    /// Where the referee asks for mismatches to be turned back later (``MismatchTurnBack`` waits).
    let turnBacks = TurnBackRequests()
    /// Where the referee (and, with PostgreSQL, the events of other instances) tell
    /// ``RoomBotDriver`` that a room with computer opponents changed.
    let botWakeups: BotWakeups
    /// How many rooms a player hosts and lists, and how fast they move.
    let limits: RoomLimits
    /// How fast each player has been making moves in each room (``RoomLimits/moves``).
    let moveLimiter: FailedAttemptLimiter<RoomMover>
    /// How often each player has chatted and reacted lately (``RoomLimits/talk``).
    let talkPace: TalkPace
    /// Whose mutes changed here, so their sockets read whom they hear again.
    let muteChanges = MuteChanges()
    /// Where the notifications a change calls for are sent (a room started, a turn a day's
    /// turn); nil sends none.
    var notices: RoomNotices?

    init(
        database: any CardTableDatabase, environment: WebEnvironment, hub: RoomHub, logger: Logger,
        turnBackDelay: Duration, limits: RoomLimits = .standard, botWakeups: BotWakeups = BotWakeups()
    ) {
        self.botWakeups = botWakeups
        self.database = database
        self.environment = environment
        self.hub = hub
        self.logger = logger
        self.turnBackDelay = turnBackDelay
        self.limits = limits
        moveLimiter = FailedAttemptLimiter(limits.moves)
        talkPace = TalkPace(limits.talk)
    }

    // MARK: - Making and joining rooms

    /// The host's name in a room made without one, by a player who has none either.
    static let defaultHostName = try! DisplayName(typed: "Host")

    /// Makes a room hosted by `player`: a Set room, or a Memorize room with a copy of one of
    /// their themes, listed under Open rooms when `open`, its games rated when `rated`. The host is named `typed` (which
    /// becomes their name unless they have one), or their name, or ``defaultHostName``.
    /// - Throws: ``AppError/noSuchTheme`` when a Memorize room names a theme they do not have;
    ///   ``AppError/limitReached(_:)`` when they host ``RoomLimits/openRoomsPerHost`` open rooms
    ///   already, or the room is to be listed and they list ``RoomLimits/listedRoomsPerHost`` already.
    func create(
        _ game: CardGame, themeID: ThemeID?, mode: SetVariant? = nil, hostName typed: DisplayName?,
        open: Bool = false, rated: Bool = false, pace: RoomPace = .live, listedFrom address: String? = nil,
        replacingComputerGames: Bool = false, for player: PlayerID
    ) async throws -> Answer {
        if game == .memorize, mode != nil {
            throw AppError.badRequest("mode is for Set rooms: a Memorize room plays its theme.")
        }
        if game == .set, pace != .live {
            throw AppError.badRequest(
                "pace: a Set room is live (Set is a race); a turn a day is for Memorize.")
        }
        let chosen = typed == nil ? try await database.displayName(of: player) : nil
        let hostName = typed ?? chosen ?? Self.defaultHostName
        var theme: Theme?
        if game == .memorize {
            guard let themeID else {
                throw AppError.badRequest("A Memorize room needs themeID: one of your themes.")
            }
            guard let saved = try await database.theme(themeID, of: player) else {
                throw AppError.noSuchTheme
            }
            theme = saved.theme
        }
        let change: RoomChange
        do {
            change = try await database.createRoom(
                at: environment.now(), maximumOpenRooms: limits.openRoomsPerHost,
                maximumListedRooms: limits.listedRoomsPerHost,
                maximumListedPerAddress: limits.listedRoomsPerAddress,
                closing: replacingComputerGames ? Self.earlierComputerGames : nil
            ) {
                var generator = SystemRandomNumberGenerator()
                return RoomCode.random(using: &generator)
            } _: { [theme, now = environment.now()] code in
                var room = Room(
                    code: code, game: game, theme: theme, setVariant: mode ?? .normal, rated: rated,
                    pace: pace, host: player,
                    hostName: hostName)
                if open { room.setOpenSince(now, from: address) }
                return (
                    room,
                    [
                        RoomHappening(
                            kind: .joined, text: "\(hostName) made the room.", member: room.host.number)
                    ]
                )
            }
        } catch let refusal as RoomRefusal {
            throw refusal.appError
        }
        let answer = Answer(
            room: change.stored.room, lastEvent: change.stored.lastEvent, events: change.events)
        logger.info(
            "New room",
            metadata: [
                "game": "\(game.rawValue)", "open": "\(open)", "rated": "\(rated)",
                "pace": "\(pace.rawValue)",
            ])
        if let typed { await remember(typed, of: player) }
        return answer
    }

    /// Lets `player` in under `name` (renames them if they are in).
    func join(_ code: RoomCode, as name: DisplayName, for player: PlayerID) async throws -> Answer {
        let answer = try await act(on: code) { room, _ throws(RoomRefusal) in
            try room.join(player, as: name)
        }
        await remember(name, of: player)
        return answer
    }

    /// Makes the name a player used in a room their name, unless they ever chose (a name, or
    /// none): the next room starts with it. The room has them already, so a database that cannot
    /// take it only costs the default.
    func remember(_ name: DisplayName, of player: PlayerID) async {
        do {
            try await database.rememberDisplayName(name, of: player, at: environment.now())
        } catch {
            logger.warning("A room name was not remembered", metadata: ["error": "\(error)"])
        }
    }

    /// Starts the room's next game (the host only).
    func start(_ code: RoomCode, for player: PlayerID) async throws -> Answer {
        try await act(on: code) { room, now throws(RoomRefusal) in
            var generator = SystemRandomNumberGenerator()
            return try room.start(by: player, using: &generator, at: now)
        }
    }

    // MARK: - Moves

    /// Judges `player`'s claim of `cards`, against when each card reached them: through their
    /// socket's `deliveries` when it was made on one, else from when it was dealt.
    func claim(
        _ code: RoomCode, cards: [Int], deliveries: EventDeliveries? = nil, for player: PlayerID
    ) async throws -> Answer {
        try pace(code, for: player)
        return try await act(on: code) { room, now throws(RoomRefusal) in
            try room.claim(cards, deliveries: deliveries, by: player, at: now)
        }
    }

    func voteToDeal(_ code: RoomCode, for player: PlayerID) async throws -> Answer {
        try pace(code, for: player)
        return try await act(on: code) { room, now throws(RoomRefusal) in
            try room.voteToDeal(by: player, at: now)
        }
    }

    /// Turns a Memorize card for `player`; a mismatch it makes turns back after ``turnBackDelay``.
    func choose(_ code: RoomCode, cardID: Int, for player: PlayerID) async throws -> Answer {
        try pace(code, for: player)
        let answer = try await act(on: code) { room, now throws(RoomRefusal) in
            try room.choose(cardID: cardID, by: player, at: now)
        }
        turnMismatchBackInTime(answer.room)
        return answer
    }

    /// Asks for the room's Memorize mismatch, if one is showing, to turn back once it has shown
    /// for ``turnBackDelay`` (at once if it has).
    func turnMismatchBackInTime(_ room: Room) {
        guard let due = room.mismatchTurnsBack(after: turnBackSeconds) else { return }
        turnBacks.ask(room.code, in: .seconds(max(0, due.timeIntervalSince(environment.now()))))
    }

    /// Turns the room's Memorize mismatch back if it has shown for ``turnBackDelay``. One that
    /// has not (a later mismatch than the one this was asked for) is asked for again at its own
    /// time; nothing happens when none is showing or the room is closed.
    func turnMismatchBackWhenDue(_ code: RoomCode) async throws {
        let stored = try await current(code)
        guard stored.closedAt == nil, let due = stored.room.mismatchTurnsBack(after: turnBackSeconds) else {
            return
        }
        guard due <= environment.now() else { return turnMismatchBackInTime(stored.room) }
        let delay = turnBackSeconds
        // NB: judged again in the move, at its own time: a tap may have come in between.
        _ = try await act(on: code) { room, now in room.turnMismatchBack(shownFor: delay, at: now) }
    }

    /// Marks `player` away (their last page closed), or back (one opened).
    func setAway(_ isAway: Bool, in code: RoomCode, for player: PlayerID) async throws -> Answer {
        try await act(on: code) { room, now in room.notePresence(of: player, isAway: isAway, at: now) }
    }

    // MARK: - Reading

    /// The room and the number of its last event.
    func current(_ code: RoomCode) async throws -> StoredRoom {
        guard let (stored, _) = try await database.room(code, with: .none) else {
            throw Self.noSuchRoom(code)
        }
        return stored
    }

    /// What a client that applied events up to `after` lacks: each missing event, or, when it
    /// is more than ``catchUpLimit`` behind, none and the latest view.
    func catchUp(_ code: RoomCode, after: Int) async throws -> (events: [String], stored: StoredRoom) {
        guard
            let (stored, events) = try await database.room(
                code, with: .after(after, limit: Self.catchUpLimit))
        else { throw Self.noSuchRoom(code) }
        return (after >= stored.lastEvent - Self.catchUpLimit ? events : [], stored)
    }

    /// The room with the words its page says (talk is left out: the chat has its own place): for
    /// a page that drew event `after` and is behind, every event after it, oldest first (the
    /// newest ``newsLimit``, after how many earlier ones go unsaid); for a page loaded fresh (`after` nil, or not behind), what happened last:
    /// every event of the last move (a Set found and the deal that followed it: the events of
    /// one move share their view), up to ``lastWordsLimit`` of them.
    func currentWithWords(_ code: RoomCode, after: Int? = nil) async throws -> (
        stored: StoredRoom, words: String
    ) {
        guard let (stored, events) = try await database.room(code, with: .lastPlay(Self.newsLimit)) else {
            throw Self.noSuchRoom(code)
        }
        let recent = try events.map { try JSONText.decode(RoomEvent.self, from: $0) }
        guard let after, after < stored.lastEvent else {
            return (stored, Self.lastWords(of: recent.suffix(Self.lastWordsLimit)))
        }
        let missed = recent.filter { $0.number > after }
        // NB: talk is not said, so the events between are counted only when some may be play.
        var unsaid = 0
        if let first = missed.first, missed.count == Self.newsLimit, first.number > after + 1 {
            unsaid = try await database.playEventCount(code, after: after, before: first.number)
        }
        let texts = missed.map(\.text).joined(separator: " ")
        guard unsaid > 0 else { return (stored, texts) }
        return (stored, "\(unsaid) earlier \(unsaid == 1 ? "event" : "events"), then: \(texts)")
    }

    /// The most events of one move that a page loaded fresh says.
    static let lastWordsLimit = 3
    /// The most events a page that fell behind says; it says how many earlier ones it leaves out.
    static let newsLimit = 6

    static func noSuchRoom(_ code: RoomCode) -> AppError {
        AppError.notFound("There is no room \(code): check the code, or make a new room.")
    }

    // MARK: - Moves and their answers

    /// Throws ``AppError/conflict(_:)`` for a closed room: it takes no more moves.
    static func requireNotClosed(_ stored: StoredRoom) throws {
        guard stored.closedAt == nil else {
            throw AppError.conflict(
                "Room \(stored.room.code) was closed \(closingReason(stored.room.pace)); make a new room.")
        }
    }

    /// Why a room at `pace` was closed: "after 30 minutes without players".
    static func closingReason(_ pace: RoomPace) -> String {
        switch pace {
        case .live: "after 30 minutes without players"
        case .daily: "after 7 days without a move"
        }
    }

    /// ``turnBackDelay`` in seconds.
    var turnBackSeconds: TimeInterval {
        Double(turnBackDelay.components.seconds) + Double(turnBackDelay.components.attoseconds) * 1e-18
    }

    /// The words of the last move among `recent` events: the last one and those before it
    /// that share its view.
    private static func lastWords(of recent: ArraySlice<RoomEvent>) -> String {
        guard let last = recent.last else { return "" }
        return recent.reversed().prefix { $0.view == last.view }.reversed().map(\.text).joined(separator: " ")
    }

    /// Runs `change` on the room as one move, records what happened (and when the cards it
    /// dealt came) and tells listeners. With `lastEvent`, the change is made only while the
    /// room's last event is that one, and nothing happens otherwise.
    func act(
        on code: RoomCode, ifStillAt lastEvent: Int? = nil,
        _ change: @escaping @Sendable (inout Room, Date) throws(RoomRefusal) -> [RoomHappening]
    ) async throws -> Answer {
        try await hub.holdingNews(of: code) {
            try await saveAndPublish(change, on: code, ifStillAt: lastEvent)
        }
    }

    /// ``act(on:ifStillAt:_:)``'s saving and publishing.
    private func saveAndPublish(
        _ change: @escaping @Sendable (inout Room, Date) throws(RoomRefusal) -> [RoomHappening],
        on code: RoomCode, ifStillAt lastEvent: Int?
    ) async throws -> Answer {
        let change = try await database.changeRoom(code, at: environment.now()) { stored, now in
            try Self.requireNotClosed(stored)
            if let lastEvent, stored.lastEvent != lastEvent { return [] }
            do {
                let before = stored.room
                let happenings = try change(&stored.room, now)
                // NB: talk alone changes nothing of the room: it is saved as it was (see changeRoom).
                if !happenings.allSatisfy(\.isTalk) {
                    stored.room.noteCardsDealt(since: before, firstEvent: stored.lastEvent + 1, at: now)
                    let moment = RoomMoment(event: stored.lastEvent + 1, at: now)
                    stored.room.notePersonActed(in: happenings, at: moment)
                    stored.room.restartBotSearches(ifRestingIn: before, at: moment)
                }
                return happenings
            } catch let refusal as RoomRefusal {
                throw refusal.appError
            }
        }
        return try await published(change, code)
    }

    /// The answer to a change of room `code` (nil: there is no such room), once its listeners
    /// were told of its events.
    func published(_ change: RoomChange?, _ code: RoomCode) async throws -> Answer {
        guard let change else { throw Self.noSuchRoom(code) }
        let answer = Answer(
            room: change.stored.room, lastEvent: change.stored.lastEvent, events: change.events,
            happenings: change.happenings)
        if !answer.events.isEmpty {
            await hub.publish(code, lastEvent: answer.lastEvent, events: answer.events)
            notices?.roomChanged(answer)
            if !answer.room.bots.isEmpty {
                botWakeups.wake(code, lastEvent: answer.lastEvent, at: environment.now())
            }
        }
        return answer
    }
}

extension RoomRefusal {
    /// The HTTP error that says this refusal.
    var appError: AppError {
        switch self {
        case .notAMember, .notAPlayer, .notTheHost, .removed, .chatOff: .forbidden(description)
        case .noSuchMember: .notFound(description)
        case .nameTaken, .tooManyOpenRooms, .tooManyListedRooms, .tooManyListedFromAddress:
            .limitReached(description)
        default: .conflict(description)
        }
    }
}
