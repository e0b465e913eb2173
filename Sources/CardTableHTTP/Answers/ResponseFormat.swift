import Hummingbird

/// Whether a request wants an HTML page or the same state as JSON.
///
/// Every route answers both: a request whose `Accept` header asks for `application/json`
/// (and not `text/html`) gets JSON; everything else, browsers included, gets HTML.
package enum ResponseFormat: Equatable {
    case html
    case json

    package init(_ request: Request) {
        let accept = request.headers[values: .accept].joined(separator: ",").lowercased()
        self = accept.contains("application/json") && !accept.contains("text/html") ? .json : .html
    }
}
