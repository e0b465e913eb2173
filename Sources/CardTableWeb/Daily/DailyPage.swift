import CardTableBasics
import Foundation
import Mustache
import SetCore
import TemplateFields

/// A day's puzzle: its twelve cards once the player starts, the Sets found so far, the clock, what
/// the last claim did, and when solved, the result to share and the streak.
///
/// Its JSON has the day's `date` and `cards` (as on the Set page) whether or not the player has
/// started; only Sets already found are ever named.
@TemplateFields
struct DailyPage: PageModel {
    static let template = "daily"

    let title: String
    let date: String
    /// The date in words: "Wednesday 25 November 2026".
    let dateText: String
    let isToday: Bool
    let isStarted: Bool
    let isSolved: Bool
    let cards: [SetCardView]
    let found: [SetTrioView]
    let foundCount: Int
    let setCount = DailySetPuzzle.setCount
    let wrongTries: Int
    let time: PlayingClock?
    /// What the last claim did.
    let message: String?
    /// Whether the last claim found a Set (the message is good news).
    let messageIsGood: Bool
    /// This go's result in words, once solved.
    let resultText: String?
    /// The counted solve in words, once there is one.
    let firstSolveText: String?
    /// Whether this go is a replay of a day already solved.
    let isReplay: Bool
    /// Said when the counted solve came after its day.
    let lateNote: String?
    let streak: Int
    let longestStreak: Int
    /// The result as plain text to share, once solved: no card is named.
    let shareText: String?
    let chooserURL = ThemesRoute.chooser().path
    let todayURL = DailyRoute.today.path
    let startURL: String
    let claimURL: String
    let replayURL: String
    let archiveURL = DailyRoute.archive.path
    let statsURL = StatsRoute.page.path
    let faceViewBox = SetSymbolView.faceViewBox
    let faceLowerCueY = SetSymbolView.faceLowerCueY

    init(_ snapshot: DailyReferee.Snapshot) {
        let date = snapshot.puzzle.date
        self.date = date.description
        title = "Daily Set · \(date)"
        dateText = Self.words(for: date)
        isToday = date == snapshot.today
        let progress = snapshot.play?.progress
        isStarted = progress?.clock.startedAt != nil
        isSolved = progress?.isSolved ?? false
        cards = snapshot.puzzle.cards.map { SetCardView.view(of: $0) }
        found = (progress?.found ?? []).map { SetTrioView($0.cards) }
        foundCount = found.count
        wrongTries = progress?.wrongTries ?? 0
        time = progress.map {
            PlayingClock(playingTime: $0.clock.playingTime(at: snapshot.now), isRunning: $0.clock.isRunning)
        }
        resultText =
            isSolved
            ? "All \(setCount) Sets in \(time?.clock ?? "0:00") with \(Self.tries(wrongTries))." : nil
        message = snapshot.play?.lastClaim?.message
        messageIsGood = snapshot.play?.lastClaim?.outcome == .found
        let solve = snapshot.firstSolve
        firstSolveText = solve.map { solve in
            "First solve, the one that counts: \(PlayingClock.text(seconds: Int(solve.seconds))), \(Self.tries(solve.wrongTries))."
        }
        lateNote =
            solve?.isOnItsDay == false
            ? "Solved after its day: it is marked solved in the archive, but a streak counts only days solved on the day."
            : nil
        isReplay = solve.map { solve in progress != nil && !Self.isTheGo(of: solve, progress) } ?? false
        streak = snapshot.streak.current
        longestStreak = snapshot.streak.longest
        shareText = solve.map { Self.shareText(date: date, solve: $0, streak: snapshot.streak.current) }
        startURL = DailyRoute.start(date).path
        claimURL = DailyRoute.claim(date).path
        replayURL = DailyRoute.replay(date).path
    }

    /// Whether `progress` is the go that made `solve` (a later go is a replay).
    private static func isTheGo(of solve: DailySolve, _ progress: DailyPuzzleProgress?) -> Bool {
        guard let progress, progress.isSolved, let finishedAt = progress.clock.finishedAt else {
            return false
        }
        return finishedAt.isSameStoredMoment(as: solve.solvedAt)
    }

    /// The result to share: the day, the time and wrong tries of its counted solve, and the
    /// streak; nothing that gives a Set away.
    static func shareText(date: PuzzleDate, solve: DailySolve, streak: Int) -> String {
        let days = streak == 1 ? "1 day" : "\(streak) days"
        return """
            CardTable daily Set \(date)
            All \(DailySetPuzzle.setCount) Sets in \(PlayingClock.text(seconds: Int(solve.seconds))), \(tries(solve.wrongTries))
            Streak: \(days)
            """
    }

    static func tries(_ count: Int) -> String {
        count == 0 ? "no wrong tries" : count == 1 ? "1 wrong try" : "\(count) wrong tries"
    }

    /// `date` in words, in English: "Wednesday 25 November 2026".
    static func words(for date: PuzzleDate) -> String {
        let weekdays = ["Thursday", "Friday", "Saturday", "Sunday", "Monday", "Tuesday", "Wednesday"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        // NB: 1 January 1970 was a Thursday.
        let weekday = weekdays[((date.daysSince1970 % 7) + 7) % 7]
        return "\(weekday) \(date.day) \(months[date.month - 1]) \(date.year)"
    }

    enum CodingKeys: String, CodingKey {
        case date, cards, isStarted, isSolved, found, wrongTries, time, message, streak, longestStreak
        case firstSolve, isReplay, shareText, claimURL, startURL, replayURL
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(cards, forKey: .cards)
        try container.encode(isStarted, forKey: .isStarted)
        try container.encode(isSolved, forKey: .isSolved)
        try container.encode(found.map { $0.cards.map(\.id) }, forKey: .found)
        try container.encode(wrongTries, forKey: .wrongTries)
        try container.encodeIfPresent(time, forKey: .time)
        try container.encodeIfPresent(message, forKey: .message)
        try container.encode(streak, forKey: .streak)
        try container.encode(longestStreak, forKey: .longestStreak)
        try container.encodeIfPresent(firstSolveText, forKey: .firstSolve)
        try container.encode(isReplay, forKey: .isReplay)
        try container.encodeIfPresent(shareText, forKey: .shareText)
        try container.encode(startURL, forKey: .startURL)
        try container.encode(claimURL, forKey: .claimURL)
        try container.encode(replayURL, forKey: .replayURL)
    }
}
