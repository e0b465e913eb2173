import Foundation
import HTTPTypes

/// Requests no page of ours sends: every route, every field, and values chosen to break
/// parsers, limits and assumptions.
struct HostileCorpus {
    /// One request of the corpus.
    struct Case: Sendable, CustomStringConvertible {
        let method: HTTPRequest.Method
        let path: String
        let contentType: String?
        let body: [UInt8]
        let wantsJSON: Bool

        var description: String {
            "\(method) \(path) \(contentType ?? "-") \(String(decoding: body.prefix(120), as: UTF8.self))"
        }
    }

    /// A value in a field, as the bytes that go into a form (percent-encoded) or a JSON string.
    enum Value: CaseIterable, Sendable {
        case long, empty, control, combiningMarks, rightToLeft, emojiZWJ, invalidUTF8
        case hugeNumber, negative, float, exponent, space

        /// The value as form bytes, percent-encoded where the value is text.
        var formBytes: [UInt8] {
            switch self {
            case .invalidUTF8: Array("%FF%FE%C3%28".utf8)
            default: Array(Self.percentEncoded(text).utf8)
            }
        }

        /// The value as a JSON value's bytes.
        var jsonBytes: [UInt8] {
            switch self {
            case .invalidUTF8: [UInt8(ascii: "\"")] + [0xFF, 0xFE, 0xC3, 0x28] + [UInt8(ascii: "\"")]
            case .hugeNumber, .negative, .float, .exponent: Array(text.utf8)
            default: Array(Self.jsonString(text).utf8)
            }
        }

        var text: String {
            switch self {
            case .long: String(repeating: "Frog ", count: 3000)
            case .empty: ""
            case .control: "a\u{0}b\u{1F}c\u{7F}"
            case .combiningMarks: "e" + String(repeating: "\u{301}", count: 2000)
            case .rightToLeft: "\u{202E}sgorF \u{5E9}\u{5DC}\u{5D5}\u{5DD}"
            case .emojiZWJ: "👨‍👩‍👧‍👦 🏳️‍🌈 👩🏽‍💻"
            case .invalidUTF8: ""
            case .hugeNumber: "99999999999999999999999"
            case .negative: "-7"
            case .float: "2.5"
            case .exponent: "1e3"
            case .space: " "
            }
        }

        private static func percentEncoded(_ text: String) -> String {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
        }

        private static func jsonString(_ text: String) -> String {
            String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
        }
    }

    /// JSON values of the wrong kind for any field.
    static let wrongJSONTypes = ["5", "true", "null", "[]", "{}", "[\"🐸\", 5]", "-1e400"]

    let themeID: Int64
    let otherPlayersThemeID: Int64

    /// Every case, in a fixed order.
    var cases: [Case] {
        formCases + jsonCases + pathCases + queryCases + contentTypeCases
    }

    // MARK: - Forms

    /// Each form route with a valid form, then each field replaced by each value, left out and
    /// sent twice; each answered as HTML and as JSON.
    private var formCases: [Case] {
        var cases: [Case] = []
        for (path, form) in formRoutes {
            for (index, field) in form.enumerated() {
                var variants = Value.allCases.map { value in
                    replacing(
                        index, in: form,
                        with: field.name + "=" + String(decoding: value.formBytes, as: UTF8.self))
                }
                variants.append(replacing(index, in: form, with: nil))
                variants.append(form.map(\.pair) + [field.pair])
                for fields in variants {
                    for wantsJSON in [false, true] {
                        cases.append(
                            Case(
                                method: .post, path: path, contentType: "application/x-www-form-urlencoded",
                                body: Array(fields.joined(separator: "&").utf8), wantsJSON: wantsJSON))
                    }
                }
            }
        }
        return cases
    }

    private struct Field {
        let name: String
        let value: String
        var pair: String { "\(name)=\(value)" }
    }

    private var themeForm: [Field] {
        [
            Field(name: "name", value: "Frogs"), Field(name: "emojis", value: "%F0%9F%90%B8+%F0%9F%A6%84"),
            Field(name: "removed", value: "%F0%9F%90%9D"), Field(name: "newEmoji", value: "%F0%9F%90%BC"),
            Field(name: "pairs", value: "2"), Field(name: "colorKind", value: "gradient"),
            Field(name: "colorName", value: "teal"), Field(name: "colorHex", value: "%23ff8800"),
            Field(name: "gradientFrom", value: "%23112233"), Field(name: "gradientTo", value: "%23445566"),
            Field(name: "save", value: "1"),
        ]
    }

    private var formRoutes: [(String, [Field])] {
        [
            ("/themes", themeForm),
            ("/themes/\(themeID)", themeForm),
            ("/themes", themeForm.filter { $0.name != "save" } + [Field(name: "add", value: "1")]),
            (
                "/themes",
                themeForm.filter { $0.name != "save" } + [Field(name: "remove", value: "%F0%9F%90%B8")]
            ),
            (
                "/themes",
                themeForm.filter { $0.name != "save" } + [Field(name: "restore", value: "%F0%9F%90%9D")]
            ),
            ("/themes/\(themeID)/move", [Field(name: "to", value: "1")]),
            ("/play/\(themeID)/choose/1", [Field(name: "deal", value: "1")]),
            ("/set/new", [Field(name: "mode", value: "solo"), Field(name: "version", value: "0")]),
            ("/set/cards/5/select", [Field(name: "version", value: "0")]),
            ("/set/deal", [Field(name: "player", value: "one"), Field(name: "version", value: "0")]),
            ("/set/hint", [Field(name: "player", value: "two"), Field(name: "version", value: "0")]),
            ("/set/claim", [Field(name: "player", value: "one"), Field(name: "version", value: "0")]),
            (
                "/set/color-blind",
                [Field(name: "enabled", value: "true"), Field(name: "version", value: "0")]
            ),
        ]
    }

    private func replacing(_ index: Int, in form: [Field], with pair: String?) -> [String] {
        var pairs = form.map(\.pair)
        if let pair { pairs[index] = pair } else { pairs.remove(at: index) }
        return pairs
    }

    // MARK: - JSON

    /// Each JSON route with a valid body, then each field given each value and each wrong kind,
    /// left out and sent twice.
    private var jsonCases: [Case] {
        let theme: [(String, String)] = [
            ("name", "\"Frogs\""), ("emojis", "[\"🐸\", \"🦄\", \"🐝\"]"), ("numberOfPairs", "2"),
            ("color", "{\"gradient\": [\"red\", \"#112233\"]}"), ("removedEmojis", "[\"🐼\"]"),
        ]
        let routes: [(String, [(String, String)])] = [
            ("/themes", theme), ("/themes/\(themeID)", theme),
            ("/themes/\(themeID)/move", [("to", "2")]),
            ("/set/claim", [("player", "\"one\""), ("version", "0")]),
            ("/set/color-blind", [("enabled", "false"), ("version", "0")]),
            ("/set/new", [("mode", "\"two-player\""), ("version", "0")]),
        ]
        var cases: [Case] = []
        for (path, fields) in routes {
            for index in fields.indices {
                var values = Value.allCases.map(\.jsonBytes) + Self.wrongJSONTypes.map { Array($0.utf8) }
                values += [Array("[\(fields[index].1), \(fields[index].1)]".utf8)]
                var bodies = values.map { value in
                    json(
                        fields.enumerated().map {
                            $0.offset == index
                                ? ($0.element.0, value) : ($0.element.0, Array($0.element.1.utf8))
                        })
                }
                bodies.append(
                    json(
                        fields.enumerated().filter { $0.offset != index }.map {
                            ($0.element.0, Array($0.element.1.utf8))
                        }))
                bodies.append(json((fields + [fields[index]]).map { ($0.0, Array($0.1.utf8)) }))
                for body in bodies {
                    cases.append(
                        Case(
                            method: .post, path: path, contentType: "application/json", body: body,
                            wantsJSON: true))
                }
            }
        }
        return cases
    }

    private func json(_ fields: [(String, [UInt8])]) -> [UInt8] {
        var bytes = Array("{".utf8)
        for (index, (name, value)) in fields.enumerated() {
            if index > 0 { bytes += Array(", ".utf8) }
            bytes += Array("\"\(name)\": ".utf8) + value
        }
        return bytes + Array("}".utf8)
    }

    // MARK: - Paths and queries

    /// Every route's path parameters given each value, another player's theme, and numbers at
    /// the edges of `Int`.
    private var pathCases: [Case] {
        let segments =
            Value.allCases.map { String(decoding: $0.formBytes, as: UTF8.self) }.filter { !$0.isEmpty }
            + [
                "\(otherPlayersThemeID)", "0", "-9223372036854775808", "9223372036854775807", "random", "..",
                "%2F",
            ]
        var cases: [Case] = []
        for segment in segments {
            let paths: [(HTTPRequest.Method, String)] = [
                (.get, "/play/\(segment)"), (.post, "/play/\(segment)/new"),
                (.post, "/play/\(segment)/choose/1"),
                (.post, "/play/\(themeID)/choose/\(segment)"), (.post, "/play/random/choose/\(segment)"),
                (.get, "/themes/\(segment)/edit"), (.get, "/themes/\(segment).json"),
                (.post, "/themes/\(segment)"),
                (.post, "/themes/\(segment)/delete"), (.post, "/themes/\(segment)/undo-delete"),
                (.post, "/themes/\(segment)/move"), (.post, "/set/cards/\(segment)/select"),
            ]
            for (method, path) in paths {
                for wantsJSON in [false, true] {
                    let body = method == .post ? Array("to=1&version=0".utf8) : []
                    let type = method == .post ? "application/x-www-form-urlencoded" : nil
                    cases.append(
                        Case(method: method, path: path, contentType: type, body: body, wantsJSON: wantsJSON))
                }
            }
        }
        return cases
    }

    private var queryCases: [Case] {
        Value.allCases.flatMap { value -> [Case] in
            let text = String(decoding: value.formBytes, as: UTF8.self)
            return ["/?edit=\(text)", "/?deleted=\(text)", "/?edit=1&deleted=\(text)", "/set?x=\(text)"].map {
                Case(method: .get, path: $0, contentType: nil, body: [], wantsJSON: false)
            }
        }
    }

    /// A valid body under every wrong or missing Content-Type.
    private var contentTypeCases: [Case] {
        let types: [String?] = [
            nil, "text/plain", "application/xml", "multipart/form-data; boundary=x", "application/json",
        ]
        return formRoutes.flatMap { path, form in
            types.map { type in
                Case(
                    method: .post, path: path, contentType: type,
                    body: Array(form.map(\.pair).joined(separator: "&").utf8), wantsJSON: true)
            }
        }
    }
}
