import CardTableBasics
import CardTableHTTP
import HTTPTypes

/// Every address of a player's devices.
enum DevicesRoute: Route, Hashable {
    /// The player's devices, and the ways to link another.
    case page
    /// The devices page with `code` typed in its link form: what a link code's QR code opens.
    case pageTyping(DeviceCode)
    /// Making a link code to type on another device.
    case codes
    /// Linking this browser with a code.
    case link
    /// Making a recovery code (and voiding the old one).
    case recoveryCode
    /// Signing a device out.
    case forget(DeviceID)
    /// Setting (or taking away) the player's name.
    case name
    /// Hiding the player from the leaderboards, or listing them again.
    case leaderboards

    enum Template: String, RouteTemplate {
        case page = "/devices"
        case codes = "/devices/codes"
        case link = "/devices/link"
        case recoveryCode = "/devices/recovery-code"
        case forget = "/devices/{device}/forget"
        case name = "/devices/name"
        case leaderboards = "/devices/leaderboards"

        var method: HTTPRequest.Method {
            switch self {
            case .page: .get
            case .codes, .link, .recoveryCode, .forget, .name, .leaderboards: .post
            }
        }
    }

    var template: Template {
        switch self {
        case .page, .pageTyping: .page
        case .codes: .codes
        case .link: .link
        case .recoveryCode: .recoveryCode
        case .forget: .forget
        case .name: .name
        case .leaderboards: .leaderboards
        }
    }

    var query: KeyValuePairs<String, String> {
        switch self {
        case .pageTyping(let code): ["code": code.description]
        default: [:]
        }
    }

    var parameters: [String: String] {
        switch self {
        case .forget(let device): ["device": device.rawValue]
        default: [:]
        }
    }
}
