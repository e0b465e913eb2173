/// The theme chooser's JSON (`GET /`, and the editor over it), as far as the tests read it.
struct ChooserJSON: Decodable {
    struct Row: Decodable {
        struct Theme: Decodable {
            let name: String
        }

        let theme: Theme
    }

    struct Editor: Decodable {
        let name: String
        let maximumNameLength: Int
        let emojisField: String
        let removedField: String
        let newEmoji: String
        let pairs: String
        let errors: [String]
    }

    let rows: [Row]
    /// Only while the editor is open.
    let editor: Editor?
}
