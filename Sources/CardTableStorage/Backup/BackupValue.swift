import Foundation

/// One value of a row in a backup: JSON's null, a string, a whole number, a floating-point
/// number, true or false, or a moment (an ISO 8601 string with milliseconds, in UTC).
package enum BackupValue: Sendable, Equatable {
    case null
    case text(String)
    case integer(Int64)
    case real(Double)
    case flag(Bool)
    case date(Date)

    /// The value as it is written in a backup.
    package var scalar: BackupScalar {
        switch self {
        case .null: .null
        case .text(let text): .string(text)
        case .integer(let integer): .integer(integer)
        case .real(let real): .number(real)
        case .flag(let flag): .bool(flag)
        case .date(let date): .string(Self.dateText(date))
        }
    }

    /// Reads `scalar` as a value of `kind`; nil when it is not one.
    package init?(_ scalar: BackupScalar, kind: BackupTable.Kind) {
        switch (scalar, kind) {
        case (.null, _): self = .null
        case (.string(let text), .text): self = .text(text)
        case (.integer(let integer), .integer): self = .integer(integer)
        // NB: JSON writes a whole Double without a fraction (1500), which reads as an integer.
        case (.integer(let integer), .real): self = .real(Double(integer))
        case (.number(let real), .real): self = .real(real)
        case (.bool(let flag), .flag): self = .flag(flag)
        case (.string(let text), .date):
            guard let date = Self.date(from: text) else { return nil }
            self = .date(date)
        default: return nil
        }
    }

    /// `2026-11-24T20:13:05.123Z`: milliseconds, which both databases keep.
    package static func dateText(_ date: Date) -> String {
        // NB: from whole milliseconds, rounded: a stored moment reads back a hair off (binary
        // floating point), and formatting a fraction cuts it.
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = (milliseconds.floorDivided(by: 1000), milliseconds.floorModulo(1000))
        let whole = Date(timeIntervalSince1970: TimeInterval(seconds)).formatted(.iso8601)
        return whole.dropLast() + "." + String(String(fraction + 1000).dropFirst()) + "Z"
    }

    package static func date(from text: String) -> Date? {
        try? Date(text, strategy: Self.format)
    }

    private static let format = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
}

/// A JSON value as a backup line holds it.
package enum BackupScalar: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let integer = try? container.decode(Int64.self) {
            self = .integer(integer)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            self = .string(try container.decode(String.self))
        }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .integer(let integer): try container.encode(integer)
        case .number(let number): try container.encode(number)
        case .string(let text): try container.encode(text)
        }
    }
}

extension Int64 {
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? quotient - 1 : quotient
    }

    fileprivate func floorModulo(_ divisor: Int64) -> Int64 {
        let remainder = self % divisor
        return remainder < 0 ? remainder + divisor : remainder
    }
}
