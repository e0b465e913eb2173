import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@TemplateFields`: writes a type's `child(named:)` (what a Mustache template looks up by name)
/// from its declaration: one `case` for every stored instance property that is not private, and
/// for every member marked `@TemplateField`.
///
/// So a field is named once, where it is declared: the synthesized `Encodable` sends the same
/// stored properties as JSON, and the lookup is the plain `switch` that was written by hand. The
/// type is made a `MustacheParent` unless it is one already.
public struct TemplateFieldsMacro: MemberMacro, ExtensionMacro {
    public static func expansion(
        of node: AttributeSyntax, attachedTo declaration: some DeclGroupSyntax,
        providingExtensionsOf type: some TypeSyntaxProtocol, conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [ExtensionDeclSyntax] {
        guard !protocols.isEmpty else { return [] }
        return [try ExtensionDeclSyntax("extension \(type.trimmed): MustacheParent {}")]
    }

    public static func expansion(
        of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax], in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        let names = declaration.memberBlock.members.flatMap { member in
            member.decl.as(VariableDeclSyntax.self).map(fieldNames(of:)) ?? []
        }
        let cases = names.map { "case \"\($0)\": self.`\($0)`" }.joined(separator: "\n")
        return [
            """
            \(raw: accessPrefix(of: declaration))func child(named key: String) -> Any? {
                switch key {
                \(raw: cases)
                default: nil
                }
            }
            """
        ]
    }

    /// The names a property declaration gives templates: its stored, non-private instance
    /// properties, or all of its names when it is marked `@TemplateField`.
    static func fieldNames(of variable: VariableDeclSyntax) -> [String] {
        let modifiers = Set(variable.modifiers.map(\.name.text))
        guard modifiers.isDisjoint(with: ["static", "class"]) else { return [] }
        let isMarked = variable.attributes.contains { attribute in
            attribute.as(AttributeSyntax.self)?.attributeName.trimmedDescription == "TemplateField"
        }
        let isPrivate = !modifiers.isDisjoint(with: ["private", "fileprivate"])
        return variable.bindings.compactMap { binding -> String? in
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                return nil
            }
            let isStored = binding.accessorBlock.map(isObserversOnly) ?? true
            guard isMarked || (isStored && !isPrivate) else { return nil }
            return name.filter { $0 != "`" }
        }
    }

    /// Whether an accessor block only observes a stored property (`willSet`, `didSet`).
    static func isObserversOnly(_ block: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let accessors) = block.accessors else { return false }
        return accessors.allSatisfy { ["willSet", "didSet"].contains($0.accessorSpecifier.text) }
    }

    /// `package ` or `public ` when the type is, so its conformance to `MustacheParent` holds
    /// outside the module too; nothing otherwise.
    static func accessPrefix(of declaration: some DeclGroupSyntax) -> String {
        let names = Set(declaration.modifiers.map(\.name.text))
        return ["public", "package"].first(where: names.contains).map { "\($0) " } ?? ""
    }
}

/// `@TemplateField`: marks a computed member that templates may look up (see
/// ``TemplateFieldsMacro``); it adds nothing itself.
public struct TemplateFieldMacro: PeerMacro {
    public static func expansion(
        of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(VariableDeclSyntax.self) else {
            context.diagnose(
                Diagnostic(node: node, message: MacroExpansionErrorMessage("@TemplateField marks a property"))
            )
            return []
        }
        return []
    }
}
