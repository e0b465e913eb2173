import CardTableBasics
import Foundation
import MemorizeCore
import Mustache
import SetCore
import TemplateFields

/// The room page: how to invite friends (link, code read aloud, QR code), who is in, and the
/// table everyone shares. `room.js` keeps it live over the room's WebSocket; without script
/// every action is a form.
@TemplateFields
struct RoomPage: PageModel {
    static let template = "room"

    /// A member in the list: name (always text), role, and score in the game under way.
    @TemplateFields
    struct MemberRow: Encodable, Sendable {
        let number: Int
        let name: String
        /// "host", "watching", "away", "computer", "removed", "gave up" or nothing.
        let role: String?
        /// Points (Set) or pairs (Memorize) in the current game.
        let score: Int?
        let isYou: Bool
        /// Whether it is their turn (Memorize).
        let isTurn: Bool
        /// Where the host takes this computer opponent out, between games.
        let removeBotURL: String?
        /// Where the host removes this person from the room (they cannot join again).
        let removeURL: String?
    }

    /// The seat of a player who left the game under way, which the host may hand to a bot.
    @TemplateFields
    struct LeftSeat: Encodable, Sendable {
        let number: Int
        let name: String
        let url: String
    }

    /// A link to the replay of one of the room's games.
    @TemplateFields
    struct ReplayLink: Encodable, Sendable {
        /// "Replay game 2".
        let text: String
        let url: String
    }

    /// A Memorize card at the shared table: its emoji only while face up or matched.
    @TemplateFields
    struct MemorizeCard: Encodable, Sendable {
        let id: Int
        let content: String?
        let isMatched: Bool
        let label: String
        let chooseURL: String
    }

    let title: String
    let code: String
    let displayCode: String
    let gameName: String
    let isSet: Bool
    let isLobby: Bool
    let isPlaying: Bool
    let isFinished: Bool
    /// Whether the room was closed for want of players (it shows its last table, read-only).
    let isClosed: Bool
    /// The number of the last event drawn, where the page's socket resumes.
    let lastEvent: Int
    /// What happened last, in words.
    let announcement: String
    let isMember: Bool
    /// Whether the join form is shown: to someone not in the room (or whose name it sent back),
    /// while it is open.
    let canJoin: Bool
    /// The name the join form starts with: the player's own, if they chose one.
    let joinName: String?
    /// The name the join form sent back, with what was wrong with it.
    let joinProblem: FieldProblem?
    let isHost: Bool
    /// Whether you have a seat in the game under way (only then are the Set cards checkable).
    let isPlayer: Bool
    /// Why the Set table takes no taps, for someone without a seat while a game is played.
    let watchingText: String?
    let yourName: String?
    let members: [MemberRow]
    /// The room's link, in full, for sharing and the QR code.
    let shareURL: String
    /// The QR code of ``shareURL`` as SVG, drawn by the server.
    let qrSVG: String?
    let setCards: [SetCardView]
    /// In Set-Chain, the last Set taken, one card of which the next Set reuses (claimable too).
    let previousSetCards: [SetCardView]
    /// Whether the table shows Set-Chain's last Set.
    let isChain: Bool
    /// A Set room's mode rule, said on the table; nil for Normal.
    let modeRule: String?
    /// "Set" or "UltraSet".
    let matchName: String
    /// How many cards a claim names: 3, or 4 in UltraSet.
    let cardsPerClaim: Int
    let layout: CardGridLayout?
    /// "Deal 3 (1 of 3 asked)".
    let dealLabel: String?
    let memorizeCards: [MemorizeCard]
    /// "Your turn" or "Bo's turn"; in a game played a turn a day, with the time left: "Your turn
    /// · 23 h left".
    let turnText: String?
    /// "A turn a day: …" for a room played at that pace; nil for a live one.
    let paceText: String?
    /// Whether the host may add computer opponents now (between games, in a casual room).
    let canAddBots: Bool
    let botsURL: String
    let botLevels = BotLevelChoice.all()
    /// For the host, the seats of players who left the game under way.
    let leftSeats: [LeftSeat]
    @TemplateField
    var hasLeftSeats: Bool { !leftSeats.isEmpty }
    /// The ranking once a game is over.
    let results: RoomResults?
    /// The replays of the room's finished games, newest first.
    let replays: [ReplayLink]
    @TemplateField
    var hasReplays: Bool { !replays.isEmpty }

    /// The page's own address, which its script fetches to redraw.
    let pageURL: String
    let joinURL: String
    let startURL: String
    /// Whether the room is listed under Open rooms, and where its host changes that.
    let isOpen: Bool
    /// Whether the room's games count for ratings.
    let isRated: Bool
    let listingURL: String
    let openRoomsURL = LobbyRoute.list.path
    let claimURL: String
    let dealURL: String
    let socketURL: String
    let eventsURL: String
    /// The chat beside the table (without messages unless they were read: see
    /// ``RoomChatPanel/read(_:for:from:sentBack:)``).
    let chat: RoomChatPanel
    /// Whether the host removed the viewer from the room.
    let isRemoved: Bool
    /// After a game, where a member makes a new room for its players (until one is made).
    let againURL: String?
    /// The room a member made for the last game's players, and what its link says.
    let nextRoomURL: String?
    let nextRoomText: String?
    let chooserURL = ThemesRoute.chooser().path
    let faceViewBox = SetSymbolView.faceViewBox
    let faceLowerCueY = SetSymbolView.faceLowerCueY

    init(
        _ stored: StoredRoom, for player: PlayerID, announcement: String, origin: String,
        name: DisplayName? = nil, joining joinProblem: FieldProblem? = nil, chat: RoomChatPanel? = nil,
        now: Date = Date()
    ) {
        let room = stored.room
        let you = room.currentMember(for: player)
        self.chat = chat ?? RoomChatPanel(stored, for: player, lines: [], muted: [], sentBack: nil)
        isRemoved = room.member(for: player)?.wasRemoved == true
        let isOpenAndOver = room.phase == .finished && stored.closedAt == nil
        againURL = isOpenAndOver && you != nil && room.nextRoom == nil ? RoomRoute.again(room.code).path : nil
        if let next = room.nextRoom, isOpenAndOver {
            nextRoomURL = RoomRoute.page(next.code).path
            let maker = room.members.first { $0.number == next.member }
            nextRoomText =
                next.member == you?.number
                ? "Go to your new room" : maker.map { "Join \($0.name)'s new room" } ?? "Join the new room"
        } else {
            (nextRoomURL, nextRoomText) = (nil, nil)
        }
        let code = room.code
        title = "Room \(code) · CardTable"
        self.code = code.rawValue
        displayCode = code.description
        let variant = room.setVariant
        gameName =
            room.theme.map { "Memorize: \($0.name)" }
            ?? variant.gameName
        isSet = room.game == .set
        isChain = isSet && variant == .chain
        modeRule = isSet && variant != .normal ? variant.rule : nil
        matchName = variant.matchName
        cardsPerClaim = variant.cardsPerMatch
        isLobby = room.phase == .lobby
        isPlaying = room.phase == .playing
        isFinished = room.phase == .finished
        isClosed = stored.closedAt != nil
        lastEvent = stored.lastEvent
        self.announcement = announcement
        isMember = you != nil
        canJoin = (you == nil || joinProblem != nil) && stored.closedAt == nil && !isRemoved
        joinName = name?.text
        self.joinProblem = joinProblem
        isHost = you?.number == room.host.number && stored.closedAt == nil
        isPlayer = room.phase == .playing && you?.seat != nil && stored.closedAt == nil
        watchingText =
            isPlaying && !isPlayer && !isClosed
            ? (you == nil
                ? "You are watching this game; join to play in the next one."
                : "You are watching this game; you can play in the next one.") : nil
        yourName = you?.name.text
        shareURL = origin + RoomRoute.page(code).path
        results = RoomResults(room, for: you)
        replays = stored.replayableGames.reversed().map {
            ReplayLink(text: "Replay game \($0)", url: RoomRoute.replay(code, game: $0).path)
        }
        qrSVG = QRCode(encoding: shareURL)?.svg(label: "QR code of the room's link")
        pageURL = RoomRoute.page(code).path
        joinURL = RoomRoute.join(code).path
        startURL = RoomRoute.start(code).path
        isOpen = room.isOpen
        isRated = room.isRated
        listingURL = RoomRoute.listing(code).path
        claimURL = RoomRoute.claim(code).path
        dealURL = RoomRoute.deal(code).path
        socketURL = RoomRoute.socket(code).path
        eventsURL = RoomRoute.events(code, after: stored.lastEvent).path
        botsURL = RoomRoute.bots(code).path
        let isHost = isHost
        canAddBots = isHost && room.phase != .playing && !room.isRated && room.pace == .live
        leftSeats =
            isHost && room.phase == .playing && !room.isRated && room.pace == .live
            ? room.members.filter { $0.isAway && $0.seat != nil }.map {
                LeftSeat(
                    number: $0.number, name: $0.name.text,
                    url: RoomRoute.seatBot(code, member: $0.number).path)
            } : []

        var scores: [Int: Int] = [:]
        var turnSeat: Int?
        switch room.table {
        case .set(let game)?:
            for seat in game.scores.indices { scores[seat] = game.scores[seat] }
            setCards = game.table.map { SetCardView.view(of: $0) }
            previousSetCards = game.previousSet?.cards.map { SetCardView.view(of: $0) } ?? []
            layout = .setTable(cardCount: game.table.count)
            let votes = game.dealVotes.intersection(room.activeSeats).count
            dealLabel = votes == 0 ? "Deal 3" : "Deal 3 (\(votes) of \(room.activeSeats.count) asked)"
            memorizeCards = []
            turnText = nil
        case .memorize(let game)?:
            for seat in game.pairs.indices { scores[seat] = game.pairs[seat] }
            turnSeat = game.turn
            setCards = []
            previousSetCards = []
            dealLabel = nil
            layout = .grid(cardCount: game.game.cards.count)
            memorizeCards = game.game.cards.enumerated().map { index, card in
                let content = card.isFaceUp || card.isMatched ? card.content : nil
                return MemorizeCard(
                    id: card.id, content: content, isMatched: card.isMatched,
                    label: MemorizeCard.label(place: index + 1, content: content, isMatched: card.isMatched),
                    chooseURL: RoomRoute.choose(code, card: card.id).path)
            }
            let turnMember = room.member(atSeat: game.turn)
            let timeLeft = room.turnDue.map { " · " + RoomPace.timeLeft(until: $0, at: now) } ?? ""
            turnText = turnMember.map {
                ($0.number == you?.number ? "Your turn" : "\($0.name)'s turn") + timeLeft
            }
        case nil:
            setCards = []
            previousSetCards = []
            layout = nil
            dealLabel = nil
            memorizeCards = []
            turnText = nil
        }
        paceText =
            room.pace == .daily
            ? "A turn a day: each move may wait up to a day; three turns missed in a row give up the seat."
            : nil
        let phase = room.phase
        let canAddBots = canAddBots
        members = room.listedMembers.map { member in
            let role: String? =
                member.wasRemoved
                ? "removed"
                : room.hasForfeited(seat: member.seat)
                    ? "gave up"
                    : member.isAway
                        ? "away"
                        : member.number == room.host.number
                            ? "host"
                            : member.bot != nil
                                ? "computer" : phase != .lobby && member.seat == nil ? "watching" : nil
            return MemberRow(
                number: member.number, name: member.name.text, role: role,
                score: member.seat.flatMap { scores[$0] }, isYou: member.number == you?.number,
                isTurn: phase == .playing && turnSeat != nil && member.seat == turnSeat,
                removeBotURL: canAddBots && member.bot != nil
                    ? RoomRoute.removeBot(code, number: member.number).path : nil,
                removeURL: isHost && member.bot == nil && !member.wasRemoved
                    && member.number != room.host.number
                    ? RoomRoute.removeMember(code, number: member.number).path : nil)
        }
    }

    /// How long the page holds back a tap on a card newer than this, as the referee does its
    /// claim.
    @TemplateField
    var reactionMilliseconds: Int { Int(MultiplayerSetGame.reactionTime * 1000) }
    @TemplateField
    var hasPreviousSet: Bool { !previousSetCards.isEmpty }
}

extension RoomPage {
    /// The Set table's cards: for a player, each a checkbox to claim with; for anyone else, a
    /// picture.
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String> {
        let template = isPlayer ? "room-set-card" : "room-watch-card"
        return [
            "cardsHTML": renderer.fragments(template, for: setCards),
            "previousSetHTML": renderer.fragments(template, for: previousSetCards),
        ]
    }
}

extension RoomPage.MemorizeCard {
    /// A card's spoken label: "Card 3: 🐶, matched", "Card 4, face down".
    static func label(place: Int, content: String?, isMatched: Bool) -> String {
        "Card \(place)" + (content.map { ": \($0)" } ?? ", face down") + (isMatched ? ", matched" : "")
    }
}
