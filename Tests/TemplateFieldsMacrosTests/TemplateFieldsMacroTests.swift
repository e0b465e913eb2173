import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacros
import SwiftSyntaxMacrosGenericTestSupport
import TemplateFieldsMacros
import Testing

/// What `@TemplateFields` writes: a lookup for each stored property and each marked member, and
/// nothing for what templates must not see.
@Suite struct TemplateFieldsMacroTests {
    static let macros: [String: MacroSpec] = [
        "TemplateFields": MacroSpec(type: TemplateFieldsMacro.self, conformances: ["MustacheParent"]),
        "TemplateField": MacroSpec(type: TemplateFieldMacro.self),
    ]

    @Test func storedPropertiesAndMarkedMembersAreLookedUp() {
        assertMacroExpansion(
            """
            @TemplateFields
            struct Page {
                let title: String
                var count = 3, isEmpty: Bool
                let newGameURL = Route.newGame.path
                var watched: Int { didSet { print(watched) } }
                @TemplateField var hasItems: Bool { count > 0 }
                var notLookedUp: Int { count * 2 }
                private let secret: String
                static let template = "page"
                let `default`: Int
            }
            """,
            expandedSource: """
                struct Page {
                    let title: String
                    var count = 3, isEmpty: Bool
                    let newGameURL = Route.newGame.path
                    var watched: Int { didSet { print(watched) } }
                    var hasItems: Bool { count > 0 }
                    var notLookedUp: Int { count * 2 }
                    private let secret: String
                    static let template = "page"
                    let `default`: Int

                    func child(named key: String) -> Any? {
                        switch key {
                        case "title":
                            self.`title`
                        case "count":
                            self.`count`
                        case "isEmpty":
                            self.`isEmpty`
                        case "newGameURL":
                            self.`newGameURL`
                        case "watched":
                            self.`watched`
                        case "hasItems":
                            self.`hasItems`
                        case "default":
                            self.`default`
                        default:
                            nil
                        }
                    }
                }

                extension Page: MustacheParent {
                }
                """,
            macroSpecs: Self.macros, failureHandler: { Issue.record("\($0.message)") })
    }

    @Test func aPackageTypeLooksUpAtItsAccess() {
        assertMacroExpansion(
            """
            @TemplateFields
            package struct Panel {
                let name: String
            }
            """,
            expandedSource: """
                package struct Panel {
                    let name: String

                    package func child(named key: String) -> Any? {
                        switch key {
                        case "name":
                            self.`name`
                        default:
                            nil
                        }
                    }
                }

                extension Panel: MustacheParent {
                }
                """,
            macroSpecs: Self.macros, failureHandler: { Issue.record("\($0.message)") })
    }

    @Test func aMarkOnAFunctionIsRefused() {
        assertMacroExpansion(
            """
            @TemplateField func total() -> Int { 3 }
            """,
            expandedSource: """
                func total() -> Int { 3 }
                """,
            diagnostics: [DiagnosticSpec(message: "@TemplateField marks a property", line: 1, column: 1)],
            macroSpecs: Self.macros, failureHandler: { Issue.record("\($0.message)") })
    }
}
