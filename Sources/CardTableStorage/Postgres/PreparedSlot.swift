import Logging
import PostgresNIO

/// One digit (base 32) of a slot's number, as a type: two of them make a ``PreparedSlot``, so the
/// 1,024 slots are 1,024 types without 1,024 declarations.
protocol PreparedSlotDigit: Sendable {
    static var value: Int { get }
}

enum PreparedSlotDigit0: PreparedSlotDigit { static let value = 0 }
enum PreparedSlotDigit1: PreparedSlotDigit { static let value = 1 }
enum PreparedSlotDigit2: PreparedSlotDigit { static let value = 2 }
enum PreparedSlotDigit3: PreparedSlotDigit { static let value = 3 }
enum PreparedSlotDigit4: PreparedSlotDigit { static let value = 4 }
enum PreparedSlotDigit5: PreparedSlotDigit { static let value = 5 }
enum PreparedSlotDigit6: PreparedSlotDigit { static let value = 6 }
enum PreparedSlotDigit7: PreparedSlotDigit { static let value = 7 }
enum PreparedSlotDigit8: PreparedSlotDigit { static let value = 8 }
enum PreparedSlotDigit9: PreparedSlotDigit { static let value = 9 }
enum PreparedSlotDigit10: PreparedSlotDigit { static let value = 10 }
enum PreparedSlotDigit11: PreparedSlotDigit { static let value = 11 }
enum PreparedSlotDigit12: PreparedSlotDigit { static let value = 12 }
enum PreparedSlotDigit13: PreparedSlotDigit { static let value = 13 }
enum PreparedSlotDigit14: PreparedSlotDigit { static let value = 14 }
enum PreparedSlotDigit15: PreparedSlotDigit { static let value = 15 }
enum PreparedSlotDigit16: PreparedSlotDigit { static let value = 16 }
enum PreparedSlotDigit17: PreparedSlotDigit { static let value = 17 }
enum PreparedSlotDigit18: PreparedSlotDigit { static let value = 18 }
enum PreparedSlotDigit19: PreparedSlotDigit { static let value = 19 }
enum PreparedSlotDigit20: PreparedSlotDigit { static let value = 20 }
enum PreparedSlotDigit21: PreparedSlotDigit { static let value = 21 }
enum PreparedSlotDigit22: PreparedSlotDigit { static let value = 22 }
enum PreparedSlotDigit23: PreparedSlotDigit { static let value = 23 }
enum PreparedSlotDigit24: PreparedSlotDigit { static let value = 24 }
enum PreparedSlotDigit25: PreparedSlotDigit { static let value = 25 }
enum PreparedSlotDigit26: PreparedSlotDigit { static let value = 26 }
enum PreparedSlotDigit27: PreparedSlotDigit { static let value = 27 }
enum PreparedSlotDigit28: PreparedSlotDigit { static let value = 28 }
enum PreparedSlotDigit29: PreparedSlotDigit { static let value = 29 }
enum PreparedSlotDigit30: PreparedSlotDigit { static let value = 30 }
enum PreparedSlotDigit31: PreparedSlotDigit { static let value = 31 }

enum PreparedSlotDigits {
    /// The digits, in order: `all[n].value == n`.
    static let all: [any PreparedSlotDigit.Type] = [
        PreparedSlotDigit0.self, PreparedSlotDigit1.self, PreparedSlotDigit2.self, PreparedSlotDigit3.self,
        PreparedSlotDigit4.self, PreparedSlotDigit5.self, PreparedSlotDigit6.self, PreparedSlotDigit7.self,
        PreparedSlotDigit8.self, PreparedSlotDigit9.self, PreparedSlotDigit10.self, PreparedSlotDigit11.self,
        PreparedSlotDigit12.self, PreparedSlotDigit13.self, PreparedSlotDigit14.self,
        PreparedSlotDigit15.self, PreparedSlotDigit16.self, PreparedSlotDigit17.self,
        PreparedSlotDigit18.self, PreparedSlotDigit19.self, PreparedSlotDigit20.self,
        PreparedSlotDigit21.self, PreparedSlotDigit22.self, PreparedSlotDigit23.self,
        PreparedSlotDigit24.self, PreparedSlotDigit25.self, PreparedSlotDigit26.self,
        PreparedSlotDigit27.self, PreparedSlotDigit28.self, PreparedSlotDigit29.self,
        PreparedSlotDigit30.self, PreparedSlotDigit31.self,
    ]
}

/// A statement that has a slot in ``PreparedStatements``, run for its rows. postgres-nio
/// prepares a statement once per connection by its type's name, and sends only its values after
/// that; a slot's name and text never change (but for a fresh start, which renames every slot).
struct PreparedSlot<High: PreparedSlotDigit, Low: PreparedSlotDigit>: PostgresPreparedStatement {
    typealias Row = PostgresRow

    static var slot: Int { High.value * PreparedSlotDigits.all.count + Low.value }
    static var name: String { PreparedStatements.shared.name(of: slot) }
    static var sql: String { PreparedStatements.shared.statement(in: slot).text }

    let bindings: PostgresBindings

    func makeBindings() -> PostgresBindings { bindings }
    func decodeRow(_ row: PostgresRow) -> PostgresRow { row }
}

extension PostgresConnection {
    /// Runs the statement in `slot` with `bindings`, prepared on this connection the first time,
    /// and collects its rows.
    func runPrepared(slot: Int, bindings: PostgresBindings, logger: Logger) async throws -> [PostgresRow] {
        let digits = PreparedSlotDigits.all
        let high = digits[slot / digits.count]
        let low = digits[slot % digits.count]
        return try await runSlot(high: high, low: low, bindings: bindings, logger: logger)
    }

    private func runSlot<High: PreparedSlotDigit, Low: PreparedSlotDigit>(
        high: High.Type, low: Low.Type, bindings: PostgresBindings, logger: Logger
    ) async throws -> [PostgresRow] {
        // NB: always for its rows: postgres-nio (1.33) has a prepared statement's command tag
        // read before its (absent) rows were consumed, which stops the process.
        var rows: [PostgresRow] = []
        for try await row in try await execute(PreparedSlot<High, Low>(bindings: bindings), logger: logger) {
            rows.append(row)
        }
        return rows
    }
}
