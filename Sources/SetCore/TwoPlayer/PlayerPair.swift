/// One value per player, such as the scores; a solo game uses only ``one``.
public struct PlayerPair<Value> {
    /// Player one's value.
    public var one: Value
    /// Player two's value.
    public var two: Value

    /// A pair with a value for each player.
    public init(one: Value, two: Value) {
        self.one = one
        self.two = two
    }

    /// A pair whose two values are the same.
    public init(both value: Value) {
        self.init(one: value, two: value)
    }

    /// The value of `player`.
    public subscript(player: SetPlayer) -> Value {
        get {
            switch player {
            case .one: one
            case .two: two
            }
        }
        set {
            switch player {
            case .one: one = newValue
            case .two: two = newValue
            }
        }
    }
}

// MARK: - Conformances

extension PlayerPair: Equatable where Value: Equatable {}
extension PlayerPair: Hashable where Value: Hashable {}
extension PlayerPair: Sendable where Value: Sendable {}
extension PlayerPair: Codable where Value: Codable {}
