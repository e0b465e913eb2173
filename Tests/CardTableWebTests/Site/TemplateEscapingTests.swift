import Foundation
import Mustache
import Testing

@testable import CardTableWeb

@Suite struct TemplateEscapingTests {
    /// Pieces that escaping could get wrong: the five escaped characters, multi-byte and
    /// multi-scalar characters, an escape sequence already written out, and NUL.
    static let pieces = ["", "a", "<", ">", "&", "\"", "'", "é", "e\u{301}", "👩‍👩‍👧", "日本", "&amp;", "\u{0}"]

    /// Every text of up to three pieces escapes exactly as swift-mustache's own HTML escaping does.
    @Test func escapesLikeSwiftMustache() throws {
        let reference = try MustacheTemplate(string: "{{text}}")
        var checked = 0
        for first in Self.pieces {
            for second in Self.pieces {
                for third in Self.pieces {
                    let text = first + second + third
                    #expect(
                        TemplateEscaping().escapeText(text) == reference.render(["text": text]), "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked == Self.pieces.count * Self.pieces.count * Self.pieces.count)
    }

    @Test func templatesNamingItEscapeWithIt() throws {
        TemplateEscaping.register()
        let template = try MustacheTemplate(string: "{{% CONTENT_TYPE: CARDTABLE_HTML}}\n<p>{{text}}</p>")
        #expect(
            template.render(["text": "<b>Tom & \"Jerry's\"</b>"])
                == "<p>&lt;b&gt;Tom &amp; &quot;Jerry&#39;s&quot;&lt;/b&gt;</p>")
    }

    /// Every template says it escapes this way on its first line.
    @Test func everyTemplateUsesIt() throws {
        let templates = try WebResources.files(withExtensions: ["mustache"])
        #expect(!templates.isEmpty)
        for file in templates {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(
                text.hasPrefix("{{% CONTENT_TYPE: \(TemplateEscaping.name)}}\n"), "\(file.lastPathComponent)")
        }
    }
}
