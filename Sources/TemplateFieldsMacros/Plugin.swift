import SwiftCompilerPlugin
import SwiftSyntaxMacros

@main
struct TemplateFieldsPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [TemplateFieldsMacro.self, TemplateFieldMacro.self]
}
