/// Any JSON value, for checks on what an answer must not contain: keys it must leave out, and
/// `null`, which the server never sends.
enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Every key anywhere in the value.
    var keys: Set<String> {
        switch self {
        case .object(let object): Set(object.keys).union(object.values.flatMap(\.keys))
        case .array(let array): Set(array.flatMap(\.keys))
        case .null, .bool, .number, .string: []
        }
    }

    /// Whether `null` appears anywhere in the value.
    var containsNull: Bool {
        switch self {
        case .null: true
        case .object(let object): object.values.contains(where: \.containsNull)
        case .array(let array): array.contains(where: \.containsNull)
        case .bool, .number, .string: false
        }
    }
}
