import CardTableBasics
import MemorizeCore
import SetCore

/// What everyone in a room may see, the same for every member: who is in it (by number and
/// name, never by player id), the phase, and the table. The deck's order and a face-down card's
/// content are never part of it.
struct RoomView: Codable, Equatable, Sendable {
    struct Member: Codable, Equatable, Sendable {
        let number: Int
        let name: String
        /// Their place at the table in the current game, or `nil` while they watch.
        let seat: Int?
        let isHost: Bool
        let isAway: Bool
        /// True for a computer opponent; absent for a person.
        let bot: Bool?
        /// A computer opponent's level; absent for a person.
        let level: BotLevel?
        /// True for a member the host removed whose seat is still on the table; absent otherwise
        /// (a removed member without a seat there is not listed).
        let removed: Bool?
        /// True for a player who gave up their seat in a game played a turn a day (three turns
        /// missed in a row); absent otherwise.
        let forfeited: Bool?
    }

    /// A Set table: card numbers (0–80), as every screen shows them.
    struct SetTable: Codable, Equatable, Sendable {
        let cards: [Int]
        let deckCount: Int
        /// Each seat's points.
        let scores: [Int]
        /// Each seat's Sets (UltraSets in that mode), oldest first, by card number.
        let sets: [[[Int]]]
        /// The seats that asked for three more cards.
        let dealVotes: [Int]
        let isOver: Bool
        /// The game of Set: `normal`, `junior`, `chain` or `ultra`; absent from events stored
        /// before there were modes (Normal).
        let mode: SetVariant?
        /// In Set-Chain, the last Set taken, one card of which the next claim reuses; absent
        /// otherwise.
        let previousSet: [Int]?
    }

    /// A Memorize card: its content only while it is face up or matched.
    struct MemorizeCard: Codable, Equatable, Sendable {
        let id: Int
        let content: String?
        let isFaceUp: Bool
        let isMatched: Bool
    }

    struct MemorizeTable: Codable, Equatable, Sendable {
        let themeName: String
        let cards: [MemorizeCard]
        /// The seat whose turn it is.
        let turn: Int
        /// Each seat's pairs.
        let pairs: [Int]
        let isOver: Bool
        /// In a game played a turn a day, when the turn passes if its player does not move
        /// (ISO 8601); absent otherwise.
        let turnEnds: String?
    }

    let code: String
    let game: CardGame
    let phase: Room.Phase
    let gameNumber: Int
    let members: [Member]
    let set: SetTable?
    let memorize: MemorizeTable?
    /// Whether the room's games count for ratings; absent from events stored before there were
    /// ratings (casual).
    let rated: Bool?
    /// Once a rated game has ended, what it did to each seated member's rating (until the next
    /// game starts); absent otherwise.
    let ratingChanges: [RoomRatingChange]?
    /// Who may chat and react: `everyone`, `players` or `nobody`; absent from events stored before
    /// chat (everyone).
    let chatAudience: ChatAudience?
    /// After a game, the code of the room a member made for its players; absent until then.
    let nextRoom: String?
    /// `daily` for a Memorize room played a turn a day; absent for a live room.
    let pace: RoomPace?

    init(_ room: Room) {
        code = room.code.rawValue
        game = room.game
        phase = room.phase
        rated = room.isRated
        ratingChanges = room.ratingChanges
        gameNumber = room.gameNumber
        chatAudience = room.chatAudience
        nextRoom = room.nextRoom?.code.rawValue
        pace = room.pace == .live ? nil : room.pace
        members = room.listedMembers.map {
            Member(
                number: $0.number, name: $0.name.text, seat: $0.seat, isHost: $0.number == room.host.number,
                isAway: $0.isAway, bot: $0.bot.map { _ in true }, level: $0.bot?.level,
                removed: $0.wasRemoved ? true : nil, forfeited: room.hasForfeited(seat: $0.seat) ? true : nil)
        }
        switch room.table {
        case .set(let game)?:
            set = SetTable(
                cards: game.table.map(\.id), deckCount: game.deck.count, scores: game.scores,
                sets: game.piles.map { $0.map { $0.cards.map(\.id) } }, dealVotes: game.dealVotes.sorted(),
                isOver: game.isOver, mode: game.variant,
                previousSet: game.variant == .chain ? game.previousSet?.cards.map(\.id) ?? [] : nil)
            memorize = nil
        case .memorize(let game)?:
            set = nil
            memorize = MemorizeTable(
                themeName: room.theme?.name ?? "",
                cards: game.game.cards.map {
                    MemorizeCard(
                        id: $0.id, content: $0.isFaceUp || $0.isMatched ? $0.content : nil,
                        isFaceUp: $0.isFaceUp,
                        isMatched: $0.isMatched)
                },
                turn: game.turn, pairs: game.pairs, isOver: game.isOver,
                turnEnds: room.turnDue?.formatted(.iso8601))
        case nil:
            (set, memorize) = (nil, nil)
        }
    }
}
