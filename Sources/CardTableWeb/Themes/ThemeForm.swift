import MemorizeCore

/// The theme editor's form as the browser posts it. Every button submits the whole draft; the
/// button pressed says what to do with it.
struct ThemeForm: Decodable, Sendable {
    /// What the pressed button asks for.
    enum Command: Equatable, Sendable {
        case save
        case add
        case remove(String)
        case restore(String)
    }

    var name: String?
    /// The emoji kept so far, separated by spaces.
    var emojis: String?
    /// The removed emoji, separated by spaces.
    var removed: String?
    var newEmoji: String?
    var pairs: String?
    var colorKind: String?
    var colorName: String?
    var colorHex: String?
    var gradientFrom: String?
    var gradientTo: String?
    var add: String?
    var remove: String?
    var restore: String?

    var command: Command {
        if let remove { return .remove(remove) }
        if let restore { return .restore(restore) }
        if add != nil { return .add }
        return .save
    }

    /// The editor state the form describes.
    /// - Throws: ``AppError/badRequest(_:)`` when a field the editor always sends is missing or
    ///   unreadable (a hand-made or broken request, not a player's typing).
    func editorState(themeID: ThemeID?) throws -> ThemeEditorState {
        guard let name else { throw AppError.badRequest("The form has no name field.") }
        guard let kind = ColorInputs.Kind(rawValue: colorKind ?? "named") else {
            throw AppError.badRequest("The color kind must be named, custom or gradient.")
        }
        var state = ThemeEditorState(
            themeID: themeID,
            draft: ThemeDraft(
                name: name, emojis: Self.split(emojis), newEmojiText: newEmoji ?? "",
                removedEmojis: Self.split(removed), numberOfPairs: nil, color: .named("gray")),
            colorInputs: ColorInputs(
                kind: kind, name: colorName ?? "gray", hex: colorHex ?? "#6c757d",
                gradientFrom: gradientFrom ?? "#f28c28", gradientTo: gradientTo ?? "#8e44ad"))
        let pairsText = (pairs ?? "").trimmingCharacters(in: .whitespaces)
        if !pairsText.isEmpty {
            guard let number = Int(pairsText) else {
                throw AppError.badRequest("The number of pairs must be a whole number.")
            }
            state.draft.numberOfPairs = number
        }
        if let color = state.colorInputs.color {
            state.draft.color = color
        }
        return state
    }

    private static func split(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
