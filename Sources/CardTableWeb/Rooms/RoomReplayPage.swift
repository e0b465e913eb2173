import CardTableBasics
import Foundation
import Mustache
import SetCore
import TemplateFields

/// The replay of one game of a room: the table as it was after one move of the game's event
/// log, the move in words, and a scrubber with links from move to move. Every move has its own
/// address (`?move=12`), so a moment can be shared. Events only ever hold what every member saw,
/// so a replay shows no face-down card.
@TemplateFields
struct RoomReplayPage: PageModel {
    static let template = "room-replay"

    /// A player's name and score at this move.
    @TemplateFields
    struct Player: Encodable, Sendable {
        let name: String
        let score: Int
        /// Whether it was their turn (Memorize).
        let isTurn: Bool
    }

    /// A Memorize card as everyone saw it at this move.
    @TemplateFields
    struct MemorizeCard: Encodable, Sendable {
        let content: String?
        let isMatched: Bool
        /// Whether this move turned it.
        let isMoved: Bool
        let label: String
    }

    let title: String
    let displayCode: String
    let gameName: String
    let gameNumber: Int
    let isSet: Bool
    /// The move shown, from 1.
    let move: Int
    let moveCount: Int
    /// "Move 3 of 41".
    let moveText: String
    /// What happened at this move, in words.
    let text: String
    /// The Set cards this move concerned (a claim, a deal), drawn small.
    let trio: SetTrioView?
    /// In Set-Chain, the last Set at this move, drawn small beside the table.
    let previousSet: SetTrioView?
    let players: [Player]
    let setCards: [SetCardView]
    let layout: CardGridLayout?
    let memorizeCards: [MemorizeCard]

    let formURL: String
    let firstURL: String
    let previousURL: String?
    let nextURL: String?
    let lastURL: String
    let roomURL: String
    /// This move's address in full (`http://…/rooms/K7QX4P/games/1?move=3`), to share.
    let shareURL: String
    let faceViewBox = SetSymbolView.faceViewBox
    let faceLowerCueY = SetSymbolView.faceLowerCueY

    /// The replay at `move` (1-based) of `events`, the game's log, as this server's `origin`
    /// (`http://192.168.1.20:8080`) shares it.
    /// - Precondition: `events` holds `move`.
    init(code: RoomCode, game: Int, events: [String], move: Int, origin: String) throws {
        precondition(events.indices.contains(move - 1), "The replay has no move \(move).")
        let event = try JSONText.decode(RoomEvent.self, from: events[move - 1])
        let view = event.view
        title = "Replay of game \(game) · Room \(code) · CardTable"
        displayCode = code.description
        let variant = view.set?.mode ?? .normal
        gameName =
            view.memorize.map { "Memorize: \($0.themeName)" }
            ?? variant.gameName
        gameNumber = game
        isSet = view.game == .set
        self.move = move
        moveCount = events.count
        moveText = "Move \(move) of \(events.count)"
        text = event.text
        let route = { (move: Int) in RoomRoute.replay(code, game: game, move: move).path }
        formURL = RoomRoute.replay(code, game: game).path
        firstURL = route(1)
        previousURL = move > 1 ? route(move - 1) : nil
        nextURL = move < events.count ? route(move + 1) : nil
        lastURL = route(events.count)
        roomURL = RoomRoute.page(code).path
        shareURL = origin + route(move)

        let moved = Set(event.cards)
        let scores = view.set?.scores ?? view.memorize?.pairs ?? []
        players = view.members.compactMap { member in
            guard let seat = member.seat, scores.indices.contains(seat) else { return nil }
            return Player(
                name: member.name, score: scores[seat],
                isTurn: view.memorize?.turn == seat && view.memorize?.isOver == false)
        }
        if let table = view.set {
            let concerned = event.cards.compactMap(SetCard.init(id:))
            trio = concerned.isEmpty ? nil : SetTrioView(concerned)
            let previous = (table.previousSet ?? []).compactMap(SetCard.init(id:))
            previousSet = previous.isEmpty ? nil : SetTrioView(previous)
            setCards = table.cards.compactMap(SetCard.init(id:)).map {
                SetCardView.view(of: $0, selection: moved.contains($0.id) ? .selected : .none)
            }
            layout = .setTable(cardCount: table.cards.count)
        } else {
            trio = nil
            previousSet = nil
            setCards = []
            layout = view.memorize.map { .grid(cardCount: $0.cards.count) }
        }
        memorizeCards = (view.memorize?.cards ?? []).enumerated().map { index, card in
            MemorizeCard(
                content: card.content, isMatched: card.isMatched, isMoved: moved.contains(card.id),
                label: RoomPage.MemorizeCard.label(
                    place: index + 1, content: card.content, isMatched: card.isMatched))
        }
    }
}

extension RoomReplayPage {
    /// The Set table's cards, drawn once per card and state.
    func fragments(from renderer: PageRenderer) -> KeyValuePairs<String, String> {
        ["cardsHTML": renderer.fragments("room-replay-card", for: setCards)]
    }
}
