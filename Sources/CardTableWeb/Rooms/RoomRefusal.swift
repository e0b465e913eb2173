/// Why a room turned a request down, in words for the player; nothing in the room changed.
enum RoomRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    case notAMember
    case notAPlayer
    case notTheHost
    case alreadyStarted
    case notStarted
    case gameNotOver
    case full
    case nameTaken(DisplayName)
    /// The host has as many open rooms as one player may.
    case tooManyOpenRooms(maximum: Int)
    /// The host has as many rooms listed under Open rooms as one player may.
    case tooManyListedRooms(maximum: Int)
    /// The host's address has as many rooms listed under Open rooms as one address may.
    case tooManyListedFromAddress(maximum: Int)
    case wrongGame
    /// A rated game needs two players or more at the table.
    case ratedNeedsTwoPlayers
    /// Computer opponents play casual games only.
    case botsAreCasual
    /// Computer opponents play live: a room played a turn a day is for people.
    case botsAreLive
    /// The member with this number is not a computer opponent.
    case notABot(Int)
    /// Every seat of the next game is taken (a bot would only watch).
    case noSeatForBot(maximum: Int)
    /// Only the seat of a player who left in the game under way can be handed to a bot.
    case seatNotLeft
    /// The host removed the member, who cannot act in the room or join it again.
    case removed
    /// No member has this number (or the host removed them already).
    case noSuchMember(Int)
    /// The host cannot remove themselves.
    case hostStays
    /// The host turned chat off, for everyone (`spectators` false) or for those watching.
    case chatOff(spectators: Bool)
    /// Nobody mutes themselves.
    case muteYourself
    case claim(String)
    case move(String)

    var description: String {
        switch self {
        case .notAMember: "Join the room first: you are not in it."
        case .notAPlayer: "You are watching this game; you can play in the next one."
        case .notTheHost: "Only the host can do that."
        case .alreadyStarted: "The game has already started."
        case .notStarted: "The game has not started yet: the host starts it."
        case .gameNotOver: "The game is still being played."
        case .full: "The room is full."
        case .nameTaken(let name): "Someone in the room is already called \(name); pick another name."
        case .tooManyOpenRooms(let maximum):
            "You are the host of \(maximum) open rooms already, as many as one player may have: play in one "
                + "of them, or make a new one once one has closed (a room closes 30 minutes after its last "
                + "player leaves)."
        case .tooManyListedRooms(let maximum):
            "open: you already host \(maximum) rooms listed under Open rooms, as many as one player may: "
                + "take one off the list (in its lobby) or wait until one ends, or make this room without "
                + "listing it and share its code."
        case .tooManyListedFromAddress(let maximum):
            "open: \(maximum) rooms are listed under Open rooms from your address already, as many as one "
                + "address may: make this room without listing it and share its code, or list it once one ends."
        case .wrongGame: "This room plays another game."
        case .ratedNeedsTwoPlayers:
            "A rated game needs at least two players here: wait for someone to join (share the code), "
                + "or make a casual room to play alone."
        case .botsAreCasual:
            "Rated games are between people: computer opponents play in casual rooms only."
        case .botsAreLive:
            "A room played a turn a day is for people: computer opponents play in live rooms only."
        case .notABot(let number): "Member \(number) is not a computer opponent."
        case .noSeatForBot(let maximum):
            "A game seats \(maximum) players and every seat is taken: a computer opponent would only watch."
        case .seatNotLeft:
            "Only the seat of a player who left the game under way can go to a computer opponent."
        case .removed: "The host removed you from this room: you cannot join it again."
        case .noSuchMember(let number): "There is no member \(number) in this room."
        case .hostStays: "The host cannot remove themselves: a room keeps its host."
        case .chatOff(spectators: false): "The host turned chat off in this room."
        case .chatOff(spectators: true):
            "The host turned chat off for those watching: you can chat once you play in a game."
        case .muteYourself: "You cannot mute yourself."
        case .claim(let reason), .move(let reason): reason
        }
    }
}
