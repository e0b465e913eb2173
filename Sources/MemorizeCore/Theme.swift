/// A Memorize theme: a name, the emoji its cards may show, how many pairs a game deals, and a color.
///
/// A theme is a plain value, independent of any game (hint 3 of Assignment II) and of any UI:
/// its color is a ``ThemeColor`` that the presentation layer interprets.
public struct Theme: Hashable, Sendable {
    /// The name players see.
    public var name: String
    /// The emoji a game may use, in the player's order, each once.
    public private(set) var emojis: [String]
    /// How many pairs a game deals; games clamp it to the number of emoji (see ``pairsInGame``).
    public var numberOfPairs: Int
    /// The color the cards are drawn in.
    public var color: ThemeColor
    /// Emoji the player removed in the editor, kept so they can be put back (newest last).
    public private(set) var removedEmojis: [String]

    /// Creates a theme.
    /// - Parameters:
    ///   - name: the name players see.
    ///   - emojis: the emoji to use; repeats are dropped, keeping the first.
    ///   - numberOfPairs: how many pairs a game deals; `nil` (the default) uses every emoji.
    ///   - color: how the cards are colored.
    ///   - removedEmojis: emoji removed earlier and still restorable.
    public init(
        name: String,
        emojis: [String],
        numberOfPairs: Int? = nil,
        color: ThemeColor,
        removedEmojis: [String] = []
    ) {
        let uniqueEmojis = emojis.uniqued()
        self.name = name
        self.emojis = uniqueEmojis
        self.numberOfPairs = numberOfPairs ?? uniqueEmojis.count
        self.color = color
        self.removedEmojis = removedEmojis.uniqued().filter { !uniqueEmojis.contains($0) }
    }

    /// A built-in theme in one line: `Theme("Halloween", "👻🎃🕷️", pairs: 2, color: "orange")`.
    public init(_ name: String, _ emojiString: String, pairs: Int? = nil, color: ThemeColor) {
        self.init(name: name, emojis: emojiString.map(String.init), numberOfPairs: pairs, color: color)
    }

    /// The number of pairs a game from this theme deals: never more than there are emoji (hint 8).
    public var pairsInGame: Int { min(max(0, numberOfPairs), emojis.count) }

    /// The number of cards a game from this theme deals.
    public var cardsInGame: Int { pairsInGame * 2 }

    // MARK: - Editing emoji

    /// Adds emoji at the end, ignoring ones already there; restored emoji leave the removed list.
    public mutating func add(_ newEmojis: [String]) {
        for emoji in newEmojis where !emojis.contains(emoji) {
            emojis.append(emoji)
            removedEmojis.removeAll { $0 == emoji }
        }
    }

    /// How many removed emoji a theme remembers; past that the oldest are forgotten.
    public static let maximumRemovedEmojis = 100

    /// Removes an emoji and remembers it as removed (forgetting the oldest past
    /// ``maximumRemovedEmojis``); the pair count shrinks if it no longer fits.
    public mutating func remove(_ emoji: String) {
        guard let index = emojis.firstIndex(of: emoji) else { return }
        emojis.remove(at: index)
        removedEmojis.removeAll { $0 == emoji }
        removedEmojis.append(emoji)
        removedEmojis = Array(removedEmojis.suffix(Self.maximumRemovedEmojis))
        numberOfPairs = min(numberOfPairs, emojis.count)
    }

    /// Puts a removed emoji back at `index` among the theme's emoji (at most the end), or at the
    /// end when `index` is `nil`.
    public mutating func restore(_ emoji: String, at index: Int? = nil) {
        guard removedEmojis.contains(emoji), !emojis.contains(emoji) else { return }
        removedEmojis.removeAll { $0 == emoji }
        emojis.insert(emoji, at: min(max(0, index ?? emojis.count), emojis.count))
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept only the first time it appears.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
