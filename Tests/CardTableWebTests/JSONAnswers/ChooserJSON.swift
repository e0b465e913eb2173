/// The theme chooser's JSON (`GET /`, and the editor over it), as far as the tests read it.
struct ChooserJSON: Decodable {
    struct Row: Decodable {
        struct Theme: Decodable {
            let id: Int64
            let name: String
        }

        let theme: Theme
    }

    struct Editor: Decodable {
        let name: String
        let maximumNameLength: Int
        let emojisField: String
        let removedField: String
        let orderField: String
        let newEmoji: String
        let pairs: String
        let errors: [String]
    }

    struct RestoreOffer: Decodable {
        let url: String
        let label: String
    }

    let rows: [Row]
    /// Only when the player deleted built-in themes (in Edit mode, or with an empty list).
    let restoreBuiltIns: RestoreOffer?
    /// Only while the editor is open.
    let editor: Editor?
}
