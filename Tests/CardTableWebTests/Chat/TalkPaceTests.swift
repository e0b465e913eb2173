import Foundation
import Testing

@testable import CardTableBasics
@testable import CardTableWeb

/// At most five messages in any ten seconds per player, reactions counted apart; a refusal says
/// how long until the oldest message leaves the window.
@Suite struct TalkPaceTests {
    let start = Date(timeIntervalSinceReferenceDate: 800_000_000)

    @Test func theSixthMessageInTenSecondsWaitsForTheFirstToLeave() {
        let pace = TalkPace()
        let ana = TalkPace.Talker(player: .random(), isReaction: false)
        for second in 0..<5 { #expect(pace.admit(ana, at: start + Double(second)) == nil) }
        #expect(pace.admit(ana, at: start + 6) == 4)
        #expect(pace.admit(ana, at: start + 9.5) == 0.5)
        // The first left the window at 10 s: one more may go, then the second must leave.
        #expect(pace.admit(ana, at: start + 10) == nil)
        #expect(pace.admit(ana, at: start + 10.5) == 0.5)
        #expect(pace.admit(ana, at: start + 11) == nil)
    }

    @Test func aRefusedMessageDoesNotCount() {
        let pace = TalkPace()
        let ana = TalkPace.Talker(player: .random(), isReaction: false)
        for _ in 0..<5 { #expect(pace.admit(ana, at: start) == nil) }
        for second in 1..<10 { #expect(pace.admit(ana, at: start + Double(second)) != nil) }
        #expect(pace.admit(ana, at: start + 10) == nil)
    }

    @Test func reactionsAndOtherPlayersHaveTheirOwnPace() {
        let pace = TalkPace()
        let player = PlayerID.random()
        let chat = TalkPace.Talker(player: player, isReaction: false)
        for _ in 0..<5 { #expect(pace.admit(chat, at: start) == nil) }
        #expect(pace.admit(chat, at: start) != nil)
        #expect(pace.admit(TalkPace.Talker(player: player, isReaction: true), at: start) == nil)
        #expect(pace.admit(TalkPace.Talker(player: .random(), isReaction: false), at: start) == nil)
    }

    @Test func itKeepsAtMostItsCapacityForgettingTheQuietest() {
        let pace = TalkPace(TalkPace.Rules(messages: 1, window: 10, capacity: 2))
        let (ana, bo, cy) = (
            TalkPace.Talker(player: .random(), isReaction: false),
            TalkPace.Talker(player: .random(), isReaction: false),
            TalkPace.Talker(player: .random(), isReaction: false)
        )
        #expect(pace.admit(ana, at: start) == nil)
        #expect(pace.admit(bo, at: start + 1) == nil)
        #expect(pace.admit(cy, at: start + 2) == nil)
        // Ana was forgotten to make room for Cy (and Bo for Ana); Cy was not.
        #expect(pace.admit(ana, at: start + 3) == nil)
        #expect(pace.admit(cy, at: start + 3) != nil)
    }
}
