import Mustache

/// Writes the type's `child(named:)`, what its Mustache templates look up by name: a `case` for
/// every stored instance property that is not private, and for every property marked
/// ``TemplateField()``, and makes it a `MustacheParent`. A field is so named once, in its
/// declaration, for both the page and the JSON its synthesized `Encodable` sends.
@attached(member, names: named(child(named:)))
@attached(extension, conformances: MustacheParent)
public macro TemplateFields() = #externalMacro(module: "TemplateFieldsMacros", type: "TemplateFieldsMacro")

/// Lets templates look up a computed property by its name (see ``TemplateFields()``).
@attached(peer)
public macro TemplateField() = #externalMacro(module: "TemplateFieldsMacros", type: "TemplateFieldMacro")
