import CardTableHTTP
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
    /// The kept and removed emoji in the order they stood, separated by spaces (where a restored
    /// emoji goes back); missing in a form from before it existed.
    var order: String?
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

    /// The editor state the form describes: what was typed, with control characters left out
    /// and a message naming each field that held some, and a Pairs value that is not a whole
    /// number kept as typed with a message.
    /// - Throws: ``AppError/badRequest(_:)`` when a field the editor always sends is missing or
    ///   unreadable (a hand-made or broken request, not a player's typing).
    func editorState(themeID: ThemeID?) throws -> ThemeEditorState {
        guard let name else {
            throw AppError.badRequest("The form has no name: it must be the theme's name.")
        }
        guard let kind = ColorInputs.Kind(rawValue: colorKind ?? "named") else {
            throw AppError.badRequest("colorKind must be named, custom or gradient.")
        }
        var fieldsWithControls: [ThemeValidationError.ThemeField] = []
        func clean(_ text: String?, _ field: ThemeValidationError.ThemeField) -> String {
            let text = text ?? ""
            guard text.unicodeScalars.contains(where: ThemeDraft.isControlCharacter) else { return text }
            if !fieldsWithControls.contains(field) { fieldsWithControls.append(field) }
            return String(
                String.UnicodeScalarView(text.unicodeScalars.filter { !ThemeDraft.isControlCharacter($0) }))
        }
        var state = ThemeEditorState(
            themeID: themeID,
            draft: ThemeDraft(
                name: clean(name, .name), emojis: Self.split(clean(emojis, .emoji)),
                newEmojiText: clean(newEmoji, .emoji), removedEmojis: Self.split(clean(removed, .emoji)),
                emojiOrder: Self.split(clean(order, .emoji)),
                numberOfPairs: nil, color: .named("gray")),
            colorInputs: ColorInputs(
                kind: kind, name: clean(colorName ?? "gray", .color),
                hex: clean(colorHex ?? "#6c757d", .color),
                gradientFrom: clean(gradientFrom ?? "#f28c28", .color),
                gradientTo: clean(gradientTo ?? "#8e44ad", .color)))
        let pairsText = clean(pairs, .pairs).trimmingCharacters(in: .whitespaces)
        if let number = Int(pairsText) {
            state.draft.numberOfPairs = number
        } else if !pairsText.isEmpty {
            state.unreadablePairs = pairsText
        }
        state.errors = fieldsWithControls.map { EditorMessage(.controlCharacters(field: $0)) }
        if let color = state.colorInputs.color {
            state.draft.color = color
        }
        return state
    }

    private static func split(_ text: String?) -> [String] {
        (text ?? "").split(whereSeparator: \.isWhitespace).map(String.init)
    }
}
