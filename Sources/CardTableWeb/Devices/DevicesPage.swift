import CardTableBasics
import Foundation
import Mustache
import TemplateFields

/// A player's devices: a link code to type on another device (when one was just made), a
/// recovery code (shown once, when just made), the devices with a way to forget each, and the
/// form that links this browser with a code.
@TemplateFields
struct DevicesPage: PageModel {
    static let template = "devices"

    /// One device in the list.
    @TemplateFields
    struct Listed: Encodable, Sendable, MustacheParent {
        let id: String
        let name: String
        let firstSeenAt: Date
        let linkedAt: Date?
        let lastSeenAt: Date
        let isThisDevice: Bool
        let forgetURL: String
        @TemplateField
        var firstSeenAtText: String { firstSeenAt.minuteText }
        @TemplateField
        var linkedAtText: String? { linkedAt?.minuteText }
        @TemplateField
        var lastSeenAtText: String { lastSeenAt.minuteText }

        enum CodingKeys: String, CodingKey {
            case id, name, firstSeenAt, linkedAt, lastSeenAt, isThisDevice
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(firstSeenAt, forKey: .firstSeenAt)
            // NB: null for a device that never linked, rather than left out.
            try container.encode(linkedAt, forKey: .linkedAt)
            try container.encode(lastSeenAt, forKey: .lastSeenAt)
            try container.encode(isThisDevice, forKey: .isThisDevice)
        }
    }

    /// A link code just made, with a QR code of the address that types it in on another device.
    @TemplateFields
    struct LinkCode: Sendable, MustacheParent {
        let code: DeviceCode
        let expiresAt: Date
        let qrSVG: String?
        /// The code as it is typed, in groups of four.
        @TemplateField
        var text: String { code.description }
        @TemplateField
        var expiresAtText: String { expiresAt.minuteText }

        /// `code`, whose QR code opens this site (at `origin`) with the code typed in.
        init(code: DeviceCode, expiresAt: Date, origin: String) {
            self.code = code
            self.expiresAt = expiresAt
            qrSVG = QRCode(encoding: origin + DevicesRoute.pageTyping(code).path)?.svg(
                label: "QR code that opens CardTable on another device with this code typed in")
        }
    }

    let title = "Your devices · CardTable"
    let devices: [Listed]
    /// The player's name, the default in rooms; nil for none.
    let name: String?
    /// What saving the name did, in words.
    let nameNotice: String?
    /// A name that could not be used, sent back with what was wrong with it.
    let nameProblem: FieldProblem?
    let linkCode: LinkCode?
    /// A recovery code just made, in groups of four.
    let recoveryCode: String?
    /// What linking this browser just did, in words.
    let linkedNotice: String?
    /// A code that could not be used, sent back with what was wrong with it.
    let linkProblem: FieldProblem?
    /// A code typed in the link form already (from a link code's QR code).
    let typedCode: String?
    /// Whether the player keeps off the leaderboards.
    let hiddenFromLeaderboards: Bool
    /// What the leaderboards' switch just did, in words.
    let leaderboardsNotice: String?

    // MARK: - Addresses

    @TemplateField
    var nameURL: String { DevicesRoute.name.path }
    @TemplateField
    var codesURL: String { DevicesRoute.codes.path }
    @TemplateField
    var linkURL: String { DevicesRoute.link.path }
    @TemplateField
    var recoveryCodeURL: String { DevicesRoute.recoveryCode.path }
    @TemplateField
    var homeURL: String { ThemesRoute.chooser().path }
    @TemplateField
    var leaderboardsURL: String { DevicesRoute.leaderboards.path }
    @TemplateField
    var leaderboardURL: String { RatingsRoute.leaderboard(nil).path }
    /// Where the notifications' script gets the server's key and keeps this browser's subscription.
    @TemplateField
    var pushKeyURL: String { PushRoute.key.path }
    @TemplateField
    var pushSubscriptionsURL: String { PushRoute.subscriptions.path }
    @TemplateField
    var yourGamesURL: String { YourGamesRoute.mine.path }
    /// The hours the daily puzzle's notification may come at, in the browser's own time (its
    /// script sends the hour in UTC); 9:00 first chosen.
    @TemplateField
    var dailyHours: [DailyHourChoice] {
        (0..<24).map { DailyHourChoice(hour: $0, label: String(format: "%02d:00", $0), isSelected: $0 == 9) }
    }

    /// One hour of the day in the daily puzzle's menu.
    struct DailyHourChoice: Encodable, Sendable {
        let hour: Int
        let label: String
        let isSelected: Bool
    }

    init(
        devices: [DeviceListing], this device: DeviceID, name: DisplayName? = nil, linkCode: LinkCode? = nil,
        recoveryCode: DeviceCode? = nil, linked: DeviceLink? = nil, linkProblem: FieldProblem? = nil,
        typedCode: DeviceCode? = nil, nameNotice: String? = nil, nameProblem: FieldProblem? = nil,
        hiddenFromLeaderboards: Bool = false, leaderboardsNotice: String? = nil
    ) {
        self.devices = devices.map { listed in
            Listed(
                id: listed.id.rawValue, name: listed.name, firstSeenAt: listed.firstSeenAt,
                linkedAt: listed.linkedAt,
                lastSeenAt: listed.lastSeenAt, isThisDevice: listed.id == device,
                forgetURL: DevicesRoute.forget(listed.id).path)
        }
        self.name = name?.text
        self.nameNotice = nameNotice
        self.nameProblem = nameProblem
        self.linkCode = linkCode
        self.recoveryCode = recoveryCode?.description
        linkedNotice = linked.map(Self.words)
        self.linkProblem = linkProblem
        self.typedCode = linkProblem == nil ? typedCode?.description : nil
        self.hiddenFromLeaderboards = hiddenFromLeaderboards
        self.leaderboardsNotice = leaderboardsNotice
    }

    /// What linking did, in words.
    static func words(for link: DeviceLink) -> String {
        let merge = link.merge
        let parts = [
            (merge.finishedGames, "finished game", "finished games"),
            (merge.dailySolves, "daily solve", "daily solves"),
            (merge.themes, "theme", "themes"),
            (merge.ratings, "rating", "ratings"),
        ].filter { $0.0 > 0 }.map { count, one, many in "\(count) \(count == 1 ? one : many)" }
        let linked = "This device is linked: it is now the same player as your other devices"
        guard !parts.isEmpty else { return linked + "." }
        // NB: its own recovery code named a player who is gone now.
        return linked + ", and what it had of its own was added (\(parts.joined(separator: ", "))). "
            + "A recovery code it had no longer works: make a new one below if you need one."
    }

    enum CodingKeys: String, CodingKey {
        case name, devices, hiddenFromLeaderboards
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        // NB: null for no name, rather than left out.
        try container.encode(name, forKey: .name)
        try container.encode(devices, forKey: .devices)
        try container.encode(hiddenFromLeaderboards, forKey: .hiddenFromLeaderboards)
    }
}
