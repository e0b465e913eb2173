import CardTableWeb
import Foundation
import HummingbirdTesting
import SetCore
import Synchronization
import Testing

/// A clock that stands still until a test moves it, for two-player time limits.
final class ManualClock: Sendable {
    private let current = Mutex(Date(timeIntervalSince1970: 2_000_000))

    func now() -> Date { current.withLock { $0 } }

    func advance(by seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }
}

/// Builds the real app on `store` (in memory unless given) with a manual clock and test setups on.
func withSetTestApp<Value>(
    store: CardTableStore? = nil, clock: ManualClock = ManualClock(), allowsTestSetups: Bool = true,
    _ test: @Sendable (TestSession) async throws -> Value
) async throws -> Value {
    let store = try store ?? CardTableStore(.inMemory)
    let environment = WebEnvironment(now: { clock.now() }, allowsTestSetups: allowsTestSetups)
    let app = try await buildApplication(
        WebConfiguration(storage: .inMemory), store: store, environment: environment)
    return try await app.test(.router) { client in
        try await test(TestSession(client: client, store: store))
    }
}

extension Browser {
    /// Starts the player's Set game from a test position and returns the page's JSON.
    @discardableResult
    func setUpSet(
        table: [SetCard]? = nil, deck: [SetCard]? = nil, seed: UInt64? = nil, mode: String = "solo"
    ) async throws -> [String: Any] {
        var fields = ["\"mode\": \"\(mode)\""]
        if let table { fields.append("\"table\": \(table.map(\.id))") }
        if let deck { fields.append("\"deck\": \(deck.map(\.id))") }
        if let seed { fields.append("\"seed\": \(seed)") }
        let response = try await postJSON("/set/test-setup", body: "{\(fields.joined(separator: ", "))}")
        #expect(response.status == .ok)
        return try response.json()
    }

    /// Touches a card through the JSON API.
    func touch(_ card: SetCard) async throws -> [String: Any] {
        try await post("/set/cards/\(card.id)/select", json: true).json()
    }
}

/// Cards and positions the Set page tests start from.
enum SetFixtures {
    /// A card by its features, 0-based: number 0 is one symbol; shape diamond, squiggle, oval;
    /// shading solid, striped, open; color red, green, purple.
    static func card(_ number: UInt8, _ shape: UInt8, _ shading: UInt8, _ color: UInt8) -> SetCard {
        SetCard(
            number: Trit(rawValue: number)!, shape: Trit(rawValue: shape)!, shading: Trit(rawValue: shading)!,
            color: Trit(rawValue: color)!)
    }

    /// One red solid diamond, one green solid diamond, one purple solid diamond: a Set.
    static let set = [card(0, 0, 0, 0), card(0, 0, 0, 1), card(0, 0, 0, 2)]

    /// Cards among which no three make a Set (a cap of 16 cards; it shares cards with ``set``).
    static let cap: [SetCard] = {
        var cards: [SetCard] = []
        for card in SetCard.allCards where !SetRules.containsSet(cards + [card]) {
            cards.append(card)
        }
        return cards
    }()

    /// 14 cards that, together with ``set``, hold ``set`` as their only Set.
    static let companions: [SetCard] = {
        var cards: [SetCard] = []
        for card in SetCard.allCards where !set.contains(card) {
            if SetRules.allSets(in: set + cards + [card]).count == 1 { cards.append(card) }
        }
        return cards
    }()

    /// Twelve cards holding no Set.
    static let noSetTable = Array(cap.prefix(12))

    /// The cards of the page's JSON.
    static func cards(_ json: [String: Any]) -> [[String: Any]] {
        json["cards"] as? [[String: Any]] ?? []
    }

    /// Every key anywhere in a JSON value.
    static func keys(in value: Any) -> Set<String> {
        switch value {
        case let object as [String: Any]:
            Set(object.keys).union(object.values.flatMap { keys(in: $0) })
        case let array as [Any]:
            Set(array.flatMap { keys(in: $0) })
        default:
            []
        }
    }
}
