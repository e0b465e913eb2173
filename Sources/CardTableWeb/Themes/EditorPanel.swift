import CardTableBasics
import MemorizeCore
import Mustache
import TemplateFields

/// What the theme editor (a form in a `<dialog>` over the chooser) shows.
@TemplateFields
struct EditorPanel: Encodable, Sendable {
    /// One emoji with its button's spoken label.
    @TemplateFields
    struct EmojiChip: Encodable, Sendable {
        let emoji: String
        let label: String
    }

    /// The messages about one field, shown beside it (`field-messages.mustache`).
    @TemplateFields
    struct FieldMessages: Encodable, Sendable {
        /// The field's name; its list of messages is `<field>-messages`.
        let field: String
        let messages: [String]
        /// The same messages with what typed text each is about (the emoji field's list).
        let items: [Message]

        /// The messages of `state` about `field`; `nil` when there are none.
        init?(_ field: ThemeValidationError.ThemeField, of state: ThemeEditorState) {
            let items = state.errors.filter { $0.field == field }.map(Message.init)
            guard !items.isEmpty else { return nil }
            self.field = field.rawValue
            self.messages = items.map(\.text)
            self.items = items
        }
    }

    /// One message, with the typed text it is about: the script takes the message away once
    /// that text has left its field.
    @TemplateFields
    struct Message: Encodable, Sendable {
        let text: String
        /// The runs of typed text the message is about, as a JSON array; `nil` for none.
        let cause: String?

        init(_ message: EditorMessage) {
            text = message.text
            cause = message.cause.isEmpty ? nil : try? JSONText.encode(message.cause)
        }
    }

    /// One named color in the color menu.
    @TemplateFields
    struct NamedColor: Encodable, Sendable {
        let name: String
        let css: String
        let isSelected: Bool
    }

    let isNew: Bool
    let heading: String
    let actionURL: String
    let cancelURL: String
    let name: String
    /// The longest name the model accepts, in characters (said beside the field; a longer name is
    /// refused with a message, never cut by the browser).
    let maximumNameLength: Int
    let emojis: [EmojiChip]
    let removedEmojis: [EmojiChip]
    let hasRemovedEmojis: Bool
    /// The hidden fields that carry the lists between round trips.
    let emojisField: String
    let removedField: String
    let orderField: String
    let newEmoji: String
    /// The pairs field as typed (empty means "all").
    let pairs: String
    let minimumPairs: Int
    let maximumPairs: Int
    /// Said beside Pairs when it asks for more pairs than the theme has emoji.
    let pairsNote: String?
    let colorIsNamed: Bool
    let colorIsCustom: Bool
    let colorIsGradient: Bool
    let namedColors: [NamedColor]
    /// The typed color name when it is not in the menu.
    let otherColorName: String?
    let customHex: String
    let gradientFrom: String
    let gradientTo: String
    let preview: ThemeColorStyle
    /// Every message, in the order of the fields (listed at the top of the form).
    let errors: [String]
    /// The same messages with what typed text each is about.
    let errorItems: [Message]
    let hasErrors: Bool
    let nameMessages: FieldMessages?
    let emojiMessages: FieldMessages?
    let pairsMessages: FieldMessages?
    let colorMessages: FieldMessages?

    init(_ state: ThemeEditorState) {
        let draft = state.draft
        isNew = state.themeID == nil
        let trimmedName = draft.name.trimmingCharacters(in: .whitespacesAndNewlines)
        heading = isNew ? "New theme" : "Edit \(trimmedName.isEmpty ? "theme" : trimmedName)"
        actionURL = (state.themeID.map(ThemesRoute.update) ?? .create).path
        cancelURL = ThemesRoute.chooser(editing: true).path
        name = draft.name
        maximumNameLength = ThemeDraft.maximumNameLength
        emojis = draft.emojis.map { EmojiChip(emoji: $0, label: "Remove \($0)") }
        removedEmojis = draft.removedEmojis.map { EmojiChip(emoji: $0, label: "Restore \($0)") }
        hasRemovedEmojis = !draft.removedEmojis.isEmpty
        emojisField = draft.emojis.joined(separator: " ")
        removedField = draft.removedEmojis.joined(separator: " ")
        orderField = draft.emojiOrder.joined(separator: " ")
        newEmoji = draft.newEmojiText
        pairs = state.unreadablePairs ?? draft.numberOfPairs.map(String.init) ?? ""
        minimumPairs = ThemeDraft.minimumEmojiCount
        maximumPairs = max(ThemeDraft.minimumEmojiCount, draft.emojis.count)
        pairsNote =
            state.unreadablePairs == nil
            ? draft.pairsReducedTo.map { "\($0) pairs: the theme has \($0) emoji." } : nil
        let inputs = state.colorInputs
        colorIsNamed = inputs.kind == .named
        colorIsCustom = inputs.kind == .custom
        colorIsGradient = inputs.kind == .gradient
        let selectedName = inputs.name.lowercased()
        namedColors = ThemeColorStyle.namedColors.map {
            NamedColor(name: $0.name, css: $0.css, isSelected: $0.name == selectedName)
        }
        otherColorName =
            ThemeColorStyle.namedColors.contains { $0.name == selectedName } || selectedName.isEmpty
            ? nil : selectedName
        customHex = RGBAColor(hex: inputs.hex)?.opaqueHex ?? "#6c757d"
        gradientFrom = RGBAColor(hex: inputs.gradientFrom)?.opaqueHex ?? "#f28c28"
        gradientTo = RGBAColor(hex: inputs.gradientTo)?.opaqueHex ?? "#8e44ad"
        preview = ThemeColorStyle(inputs.color ?? draft.color)
        errors = state.errors.map(\.text)
        errorItems = state.errors.map(Message.init)
        hasErrors = !state.errors.isEmpty
        nameMessages = FieldMessages(.name, of: state)
        emojiMessages = FieldMessages(.emoji, of: state)
        pairsMessages = FieldMessages(.pairs, of: state)
        colorMessages = FieldMessages(.color, of: state)
    }
}
