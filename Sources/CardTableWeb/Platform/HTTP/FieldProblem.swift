import Mustache
import TemplateFields

/// A form field sent back to the player with what was wrong with it: the value they typed, kept,
/// and the message shown beside it (`field-messages.mustache`), which the field names in its
/// `aria-describedby` while it is marked `aria-invalid`.
@TemplateFields
struct FieldProblem: Encodable, Equatable, Sendable {
    /// The field's id; its list of messages is `<field>-messages`.
    let field: String
    /// What the player typed.
    let typed: String
    let messages: [String]

    init(field: String, typed: String, message: String) {
        self.field = field
        self.typed = typed
        messages = [message]
    }
}
