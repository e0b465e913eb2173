/// The sibling files a script names: the modules it imports (`import { … } from "./cardtable.js"`)
/// and the files it finds beside itself (`new URL("./found.wav", import.meta.url)`), rewritten to
/// their fingerprinted addresses before the script is fingerprinted itself, so a change in
/// `cardtable.js` changes the address of every script that imports it.
enum ScriptImports {
    /// The names of the sibling files `script` imports, in order, each once.
    package static func names(in script: String) -> [String] {
        var names: [String] = []
        for match in script.matches(of: pattern) where !names.contains(String(match.output.name)) {
            names.append(String(match.output.name))
        }
        return names
    }

    /// `script` with each import of a sibling in `addresses` (plain name → fingerprinted address)
    /// pointing at the address instead.
    package static func rewriting(_ script: String, to addresses: [String: String]) -> String {
        script.replacing(pattern) { match in
            let (_, keyword, between, quote, name) = match.output
            guard let address = addresses[String(name)] else { return String(match.output.0) }
            return "\(keyword)\(between)\(quote)./\(address)\(quote)"
        }
    }

    // MARK: - Private

    /// `from "./x.js"`, `import "./x.js"`, `import("./x.js")` and `new URL("./x.wav"`, with either
    /// quote.
    nonisolated(unsafe) private static let pattern =
        /(?<keyword>\bfrom|\bimport|\bnew URL)(?<between>\s*\(?\s*)(?<quote>["'])\.\/(?<name>[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*\.[A-Za-z0-9]+)\k<quote>/
}
