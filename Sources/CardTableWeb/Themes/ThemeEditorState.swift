import MemorizeCore

/// A theme being edited in the browser: the engine's ``ThemeDraft`` (everything the player
/// typed, not yet valid) plus the color controls and the messages to show.
///
/// The editor is one form; each of its buttons (add, remove, restore, save) sends the whole
/// draft back, so it works without JavaScript and nothing is saved before Save.
struct ThemeEditorState: Sendable {
    /// The saved theme being edited, or `nil` for a new one.
    var themeID: ThemeID?
    var draft: ThemeDraft
    var colorInputs: ColorInputs
    /// What to fix, in words, each beside the field it is about.
    var errors: [EditorMessage] = []
    /// The Pairs field as typed when it is not a whole number (`2.5`, `e`), shown again as typed.
    var unreadablePairs: String?

    /// The editor showing a saved theme.
    init(_ saved: SavedTheme) {
        themeID = saved.id
        draft = ThemeDraft(saved.theme)
        colorInputs = ColorInputs(saved.theme.color)
    }

    /// The editor for a brand-new theme.
    static func newTheme() -> ThemeEditorState {
        ThemeEditorState(
            themeID: nil,
            draft: ThemeDraft(name: "", emojis: [], numberOfPairs: nil, color: .named("orange")),
            colorInputs: ColorInputs(.named("orange")))
    }

    init(themeID: ThemeID?, draft: ThemeDraft, colorInputs: ColorInputs) {
        self.themeID = themeID
        self.draft = draft
        self.colorInputs = colorInputs
    }

    // MARK: - Editing

    /// Adds the emoji typed in the add field, as many as the theme has room for; anything that
    /// is not an emoji, and emoji past the theme's limit, stay in the field with a message, and
    /// repeats are left out with a message naming them.
    mutating func addTypedEmoji() {
        let repeated = draft.repeatedNewEmoji
        if !repeated.isEmpty {
            errors.append(EditorMessage(.repeatedEmoji(repeated)))
        }
        let parsed = EmojiText.parse(draft.newEmojiText)
        let new = parsed.emojis.filter { !draft.emojis.contains($0) }
        let room = max(0, ThemeDraft.maximumEmojiCount - draft.emojis.count)
        let added = Array(new.prefix(room))
        withTheme { $0.add(added) }
        // NB: an emoji typed again after being removed is new: it goes to the end, as it stands.
        draft.emojiOrder = draft.emojiOrder.filter { !added.contains($0) } + added
        let left = Array(new.dropFirst(room))
        draft.newEmojiText = (parsed.rejected + left).joined(separator: " ")
        noteTypedNonEmoji()
        if !left.isEmpty {
            errors.append(
                EditorMessage(
                    .emoji,
                    "A theme can hold at most \(ThemeDraft.maximumEmojiCount) emoji: \(left.count) were not added."
                ))
        }
    }

    /// Removes an emoji, keeping it in the removed list (and its place, for a restore); text in
    /// the add field that is not emoji is still said.
    mutating func remove(_ emoji: String) {
        withTheme { $0.remove(emoji) }
        noteTypedNonEmoji()
    }

    /// Puts a removed emoji back where it stood; text in the add field that is not emoji is
    /// still said.
    mutating func restore(_ emoji: String) {
        let place = draft.placeToRestore(emoji)
        withTheme { $0.restore(emoji, at: place) }
        noteTypedNonEmoji()
    }

    /// The theme to save, or `nil` with ``errors`` saying what to fix (everything that is wrong,
    /// including what reading the form found).
    mutating func validated() -> Theme? {
        if let unreadablePairs {
            let most = max(ThemeDraft.minimumEmojiCount, draft.emojis.count)
            errors.append(
                EditorMessage(
                    .pairs,
                    "Pairs must be a whole number from \(ThemeDraft.minimumEmojiCount) to \(most), not “\(unreadablePairs)”."
                ))
        }
        guard let color = colorInputs.color else {
            errors.append(EditorMessage(.color, "Choose a color: a custom color is written like #ff8800."))
            return nil
        }
        draft.color = color
        do {
            let theme = try draft.validated()
            return errors.isEmpty ? theme : nil
        } catch {
            errors.append(contentsOf: error.errors.map(EditorMessage.init))
            return nil
        }
    }

    // MARK: - Private

    /// Says what in the add field is not emoji, for as long as it is there (Save refuses it).
    private mutating func noteTypedNonEmoji() {
        let rejected = EmojiText.parse(draft.newEmojiText).rejected
        guard !rejected.isEmpty else { return }
        errors.append(EditorMessage(.notEmoji(rejected)))
    }

    /// Applies one of the engine's theme edits to the draft's emoji lists.
    private mutating func withTheme(_ edit: (inout Theme) -> Void) {
        var theme = Theme(
            name: draft.name, emojis: draft.emojis, numberOfPairs: draft.numberOfPairs ?? draft.emojis.count,
            color: draft.color, removedEmojis: draft.removedEmojis)
        let pairsWereAll = draft.numberOfPairs == nil
        edit(&theme)
        draft.emojis = theme.emojis
        draft.removedEmojis = theme.removedEmojis
        draft.numberOfPairs = pairsWereAll ? nil : theme.numberOfPairs
        draft.tidyEmojiOrder()
    }
}

/// Something the editor asks the player to fix, shown beside the field it is about (and listed
/// at the top of the form).
struct EditorMessage: Hashable, Sendable {
    let field: ThemeValidationError.ThemeField
    let text: String
    /// The typed text the message is about (runs that are not emoji), for as long as it is in
    /// its field; empty when the message is about the whole draft.
    let cause: [String]

    init(_ field: ThemeValidationError.ThemeField, _ text: String, cause: [String] = []) {
        self.field = field
        self.text = text
        self.cause = cause
    }

    /// The message for `error`; one about text that is not emoji names that text as its cause.
    init(_ error: ThemeValidationError) {
        let cause: [String]
        if case .notEmoji(let runs) = error { cause = runs } else { cause = [] }
        self.init(error.field, error.description, cause: cause)
    }
}
