import CardTableHTTP
import HTTPTypes
import SetCore

/// Every address of the daily Set puzzle.
enum DailyRoute: Route, Hashable {
    /// Today's puzzle.
    case today
    /// The puzzle of a day.
    case day(PuzzleDate)
    /// Putting a day's cards on show and starting its clock.
    case start(PuzzleDate)
    /// Claiming three cards are a Set.
    case claim(PuzzleDate)
    /// Playing a day again (its first solve still counts).
    case replay(PuzzleDate)
    /// Earlier days.
    case archive

    enum Template: String, RouteTemplate {
        case today = "/set/daily"
        case day = "/set/daily/{date}"
        case start = "/set/daily/{date}/start"
        case claim = "/set/daily/{date}/claim"
        case replay = "/set/daily/{date}/replay"
        case archive = "/set/daily/archive"

        var method: HTTPRequest.Method {
            switch self {
            case .today, .day, .archive: .get
            case .start, .claim, .replay: .post
            }
        }
    }

    var template: Template {
        switch self {
        case .today: .today
        case .day: .day
        case .start: .start
        case .claim: .claim
        case .replay: .replay
        case .archive: .archive
        }
    }

    var parameters: [String: String] {
        switch self {
        case .day(let date), .start(let date), .claim(let date), .replay(let date): ["date": date.description]
        case .today, .archive: [:]
        }
    }
}
