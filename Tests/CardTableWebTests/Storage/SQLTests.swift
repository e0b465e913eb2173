import Foundation
import Testing

@testable import CardTableStorage
@testable import CardTableWeb

/// A statement written once binds its values for each dialect, and never splices them in.
@Suite struct SQLTests {
    @Test func valuesAreBoundWithEachDialectsPlaceholders() {
        let player = "p-1"
        let theme: Int64 = 7
        let sql: SQL = "SELECT * FROM theme WHERE owner_id = \(player) AND id = \(theme)"
        let sqlite = sql.rendered(for: .sqlite)
        #expect(sqlite.text == "SELECT * FROM theme WHERE owner_id = ? AND id = ?")
        #expect(sqlite.values == [.text("p-1"), .integer(7)])
        let postgres = sql.rendered(for: .postgres)
        #expect(postgres.text == "SELECT * FROM theme WHERE owner_id = $1 AND id = $2")
        #expect(postgres.values == sqlite.values)
    }

    @Test func textThatLooksLikeSQLStaysAValue() {
        let name = "x'); DROP TABLE player; --"
        let rendered = SQL("UPDATE theme SET name = \(name)").rendered(for: .postgres)
        #expect(rendered.text == "UPDATE theme SET name = $1")
        #expect(rendered.values == [.text(name)])
    }

    @Test func aMissingValueIsNull() {
        let theme: String? = nil
        let rendered = SQL("INSERT INTO finished_game (theme) VALUES (\(theme))").rendered(for: .sqlite)
        #expect(rendered.text == "INSERT INTO finished_game (theme) VALUES (?)")
        #expect(rendered.values == [.null])
    }

    @Test func aListBindsEachValue() {
        let ids: [Int64] = [3, 5, 8]
        let rendered = SQL("DELETE FROM theme WHERE id IN (\(list: ids)) AND x = \(1)").rendered(
            for: .postgres)
        #expect(rendered.text == "DELETE FROM theme WHERE id IN ($1, $2, $3) AND x = $4")
        #expect(rendered.values == [.integer(3), .integer(5), .integer(8), .integer(1)])
    }

    @Test func nestedStatementsNumberTheirValuesInOrder() {
        let condition: SQL = "owner_id = \("p-2")"
        let sql: SQL = "SELECT id FROM theme WHERE \(condition) AND hidden = \(false)\(SQL.forUpdate)"
        #expect(
            sql.rendered(for: .postgres).text
                == "SELECT id FROM theme WHERE owner_id = $1 AND hidden = $2 FOR UPDATE")
        #expect(sql.rendered(for: .sqlite).text == "SELECT id FROM theme WHERE owner_id = ? AND hidden = ?")
        #expect(sql.rendered(for: .sqlite).values == [.text("p-2"), .bool(false)])
    }
}
