import Hummingbird

/// The ways a request can fail that a player should be told about in words.
package enum AppError: Error, Equatable {
    /// The page, theme or card does not exist (or is not this player's).
    case notFound(String)
    /// The request was malformed: a missing or unreadable form field.
    case badRequest(String)
    /// The request came from another site.
    case forbidden(String)
    /// The body was larger than ``WebLimits/maximumBodyBytes``.
    case tooLarge
    /// The player keeps as many of something as one player can; the message says what to do.
    case limitReached(String)
    /// The request was made on a page that is out of date (another tab changed the game).
    case conflict(String)
    /// The path exists, but does not answer this method; `allowed` are the ones it answers.
    case methodNotAllowed(HTTPRequest.Method, allowed: [HTTPRequest.Method])
    /// The client failed too often lately and must wait `retryAfter` seconds (`Retry-After`).
    case tooManyRequests(String, retryAfter: Int)

    /// The HTTP status this failure is sent with.
    package var status: HTTPResponse.Status {
        switch self {
        case .notFound: .notFound
        case .badRequest: .badRequest
        case .forbidden: .forbidden
        case .tooLarge: .contentTooLarge
        case .limitReached: .unprocessableContent
        case .conflict: .conflict
        case .methodNotAllowed: .methodNotAllowed
        case .tooManyRequests: .tooManyRequests
        }
    }

    /// What the error page says.
    package var message: String {
        switch self {
        case .notFound(let message), .badRequest(let message), .forbidden(let message),
            .limitReached(let message), .conflict(let message), .tooManyRequests(let message, _):
            message
        case .tooLarge: "That request was too large (the limit is \(WebLimits.maximumBodyBytes / 1024) KB)."
        case .methodNotAllowed(let method, let allowed):
            "This address does not answer \(method.rawValue); it answers "
                + allowed.map(\.rawValue).joined(separator: ", ") + "."
        }
    }

    /// Headers the error response carries: `Allow` for a method that is not allowed,
    /// `Retry-After` for too many requests.
    package var headers: HTTPFields {
        switch self {
        case .methodNotAllowed(_, let allowed): [.allow: allowed.map(\.rawValue).joined(separator: ", ")]
        case .tooManyRequests(_, let seconds): [.retryAfter: String(seconds)]
        default: [:]
        }
    }
}
