/// Who may chat and react in a room, as its host sets it.
enum ChatAudience: String, CaseIterable, Codable, Sendable {
    /// Every member (the default).
    case everyone
    /// Only those who play: once a game has begun, a member without a seat at it watches
    /// quietly (in the lobby everyone may talk).
    case players
    /// Nobody: chat and reactions are off.
    case nobody

    /// How the host's menu names it.
    var label: String {
        switch self {
        case .everyone: "Everyone"
        case .players: "Players only"
        case .nobody: "Off"
        }
    }

    /// The choices, as a field's description lists them.
    static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
