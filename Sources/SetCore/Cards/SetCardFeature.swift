/// One of the four features every Set card has.
public enum SetCardFeature: String, CaseIterable, Codable, Hashable, Sendable {
    /// How many symbols the card shows.
    case number
    /// The symbols' shape.
    case shape
    /// How the symbols are filled.
    case shading
    /// The symbols' color.
    case color
}
