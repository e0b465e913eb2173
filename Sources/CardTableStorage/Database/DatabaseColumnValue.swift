import Foundation
import GRDB
import PostgresNIO

/// A kind of value both databases read from a column: GRDB converts it on SQLite and
/// postgres-nio decodes it on PostgreSQL.
package protocol DatabaseColumnValue: DatabaseValueConvertible, PostgresDecodable {}

extension Int: DatabaseColumnValue {}
extension Int64: DatabaseColumnValue {}
extension Double: DatabaseColumnValue {}
extension String: DatabaseColumnValue {}
extension Bool: DatabaseColumnValue {}
extension Date: DatabaseColumnValue {}
extension Optional: DatabaseColumnValue
where Wrapped: DatabaseColumnValue, Wrapped._DecodableType == Wrapped {}
