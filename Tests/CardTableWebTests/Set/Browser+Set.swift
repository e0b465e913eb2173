import SetCore
import Testing

extension Browser {
    /// Starts the player's Set game from a test position and returns the page's JSON.
    @discardableResult
    func setUpSet(
        table: [SetCard]? = nil, deck: [SetCard]? = nil, seed: UInt64? = nil, mode: String = "solo",
        players: String? = nil, previousSet: [SetCard]? = nil
    ) async throws -> SetPageJSON {
        var fields = ["\"mode\": \"\(mode)\""]
        if let players { fields.append("\"players\": \"\(players)\"") }
        if let previousSet { fields.append("\"previousSet\": \(previousSet.map(\.id))") }
        if let table { fields.append("\"table\": \(table.map(\.id))") }
        if let deck { fields.append("\"deck\": \(deck.map(\.id))") }
        if let seed { fields.append("\"seed\": \(seed)") }
        let response = try await postJSON("/set/test-setup", body: "{\(fields.joined(separator: ", "))}")
        #expect(response.status == .ok)
        return try response.decode(SetPageJSON.self)
    }

    /// Touches a card through the JSON API.
    func touch(_ card: SetCard) async throws -> SetPageJSON {
        try await post("/set/cards/\(card.id)/select", json: true).decode(SetPageJSON.self)
    }

    /// Touches each card in turn and returns the page's JSON after the last.
    func touch(_ cards: [SetCard]) async throws -> SetPageJSON {
        var last: SetPageJSON?
        for card in cards { last = try await touch(card) }
        return try #require(last)
    }
}
