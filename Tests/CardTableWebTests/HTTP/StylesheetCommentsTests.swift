import Foundation
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Stylesheets are served without their comments (the Set page's first visit stays under 25 KB
/// as the pages grow); every rule is kept, and so is a `/*` inside a string.
@Suite struct StylesheetCommentsTests {
    @Test(arguments: [
        ("a { color: red; }\n", "a { color: red; }\n"),
        ("/* one */\na { color: red; } /* two */\n", "a { color: red; } \n"),
        ("/* a comment\n   of two lines */\n\n\nb { margin: 0; }\n", "b { margin: 0; }\n"),
        ("a{}/**/b{}", "a{}b{}\n"),
        ("a { content: \"/* kept */\"; }\n", "a { content: \"/* kept */\"; }\n"),
        ("a { content: '/* kept */'; }\n", "a { content: '/* kept */'; }\n"),
        ("a { content: \"\\\" /* kept */\"; } /* gone */\n", "a { content: \"\\\" /* kept */\"; } \n"),
        ("a { content: \"it's\"; } /* gone */\n", "a { content: \"it's\"; } \n"),
        ("a { b: c; } /* never closed\nd { e: f; }\n", "a { b: c; } \n"),
        ("/* only a comment */\n", ""),
        (
            "a { grid-area: 1 / 2; } b { width: calc(100% / 3 * 2); }\n",
            "a { grid-area: 1 / 2; } b { width: calc(100% / 3 * 2); }\n"
        ),
    ])
    func commentsAreLeftOut(source: String, served: String) {
        #expect(StylesheetComments.removed(from: source) == served)
    }

    @Test func everyServedStylesheetHasItsRulesAndNoComments() throws {
        let assets = try StaticAssets()
        for name in ["app.css", "set.css", "memorize.css", "themes.css", "room.css", "stats.css"] {
            let asset = try #require(assets.asset(named: name), "\(name)")
            let served = String(buffer: asset.body)
            #expect(!served.contains("/*"), "\(name)")
            let url = try #require(try Self.source(named: name), "\(name)")
            let source = try String(contentsOf: url, encoding: .utf8)
            #expect(served.utf8.count < source.utf8.count, "\(name)")
            // Each rule's selector of the source is still there.
            for selector in Self.selectors(in: StylesheetComments.removed(from: source)) {
                #expect(served.contains(selector), "\(name): \(selector)")
            }
            #expect(served.filter { $0 == "{" }.count == served.filter { $0 == "}" }.count, "\(name)")
        }
    }

    static func source(named name: String) throws -> URL? {
        try WebResources.files(withExtensions: ["css"]).first { $0.lastPathComponent == name }
    }

    static func selectors(in css: String) -> [String] {
        css.split(separator: "\n").compactMap { line in
            line.firstIndex(of: "{").map { String(line[..<$0]) }
        }
    }
}
