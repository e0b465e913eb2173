import NIOCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// The rules of ``ConnectionDeadlines``, on made-up times.
@Suite struct ConnectionDeadlinesTests {
    let start = NIODeadline.uptimeNanoseconds(1_000_000_000)
    let timeouts = ConnectionTimeouts(
        requestHead: .seconds(10), bodyPause: .seconds(5), requestBody: .seconds(20), idle: .seconds(60),
        closingDrain: .seconds(3))

    func at(_ seconds: Int64) -> NIODeadline { start + .seconds(seconds) }

    @Test func tricklingBytesDoNotMoveTheHeadDeadline() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        for second in 1...9 { deadlines.readCompleted(at: at(Int64(second))) }
        #expect(deadlines.deadline == at(10))
        #expect(deadlines.timerFired(at: at(10), serverIsReading: true) == .close(.requestHead))
    }

    @Test func aRequestBeingAnsweredHasNoDeadline() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        deadlines.readEnd()
        deadlines.readCompleted(at: at(1))
        #expect(deadlines.deadline == nil)
        #expect(deadlines.timerFired(at: at(500), serverIsReading: true) == .nothing)
    }

    @Test func eachPieceOfBodyStartsTheWaitAgain() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        deadlines.readBody(at: at(4))
        #expect(deadlines.timerFired(at: at(6), serverIsReading: true) == .checkAgain(at(9)))
        #expect(deadlines.timerFired(at: at(9), serverIsReading: true) == .close(.requestBody))
    }

    @Test func aServerThatStoppedReadingDoesNotBlameTheClient() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        #expect(deadlines.timerFired(at: at(6), serverIsReading: false) == .checkAgain(at(11)))
    }

    @Test func aKeptAliveConnectionIdlesThenItsNextHeadIsDue() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        deadlines.readEnd()
        deadlines.readCompleted(at: at(1))
        deadlines.wroteResponseEnd(at: at(2))
        #expect(deadlines.wait == .nextRequest)
        #expect(deadlines.deadline == at(62))
        deadlines.readCompleted(at: at(30))
        #expect(deadlines.wait == .requestHead)
        #expect(deadlines.deadline == at(40))
    }

    @Test func bytesOfTheNextRequestDuringAnAnswerStartItsHeadDeadline() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        deadlines.readEnd()
        deadlines.readCompleted(at: at(1))
        deadlines.readCompleted(at: at(2))
        deadlines.wroteResponseEnd(at: at(3))
        #expect(deadlines.wait == .requestHead)
        #expect(deadlines.deadline == at(13))
    }

    @Test func anEarlierRequestStillBeingAnsweredKeepsTheConnection() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        deadlines.readEnd()
        deadlines.readHead(at: at(1))
        #expect(deadlines.timerFired(at: at(6), serverIsReading: true) == .checkAgain(at(11)))
        deadlines.wroteResponseEnd(at: at(7))
        #expect(deadlines.wait == .requestBody)
        #expect(deadlines.timerFired(at: at(11), serverIsReading: true) == .close(.requestBody))
    }

    @Test func aBodyTricklingInWithShortPausesStillHasItsWholeDeadline() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        for second in stride(from: 2, through: 18, by: 4) { deadlines.readBody(at: at(Int64(second))) }
        #expect(deadlines.deadline == at(21))
        #expect(deadlines.timerFired(at: at(21), serverIsReading: true) == .close(.requestBody))
    }

    @Test func anAnswerThatSaysCloseLeavesOnlyADrain() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        deadlines.wroteClosingResponseHead()
        deadlines.wroteResponseEnd(at: at(2))
        #expect(deadlines.wait == .closing)
        #expect(deadlines.deadline == at(5))
        deadlines.readBody(at: at(4))
        deadlines.readCompleted(at: at(4))
        #expect(deadlines.deadline == at(5))
        // NB: the server reads no more, yet the client gets no more time for that.
        #expect(deadlines.timerFired(at: at(5), serverIsReading: false) == .close(.closing))
    }

    @Test func aRequestThatSaysCloseIsDrainedAfterItsAnswer() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1), asksToClose: true)
        deadlines.readEnd()
        deadlines.wroteResponseEnd(at: at(2))
        #expect(deadlines.wait == .closing)
        #expect(deadlines.timerFired(at: at(5), serverIsReading: false) == .close(.closing))
    }

    @Test func anAnswerSentBeforeItsBodyArrivedIsNoted() {
        var deadlines = ConnectionDeadlines(timeouts: timeouts, openedAt: start)
        deadlines.readHead(at: at(1))
        #expect(!deadlines.hasAnsweredRequestBeingRead)
        deadlines.wroteResponseEnd(at: at(2))
        #expect(deadlines.hasAnsweredRequestBeingRead)
        deadlines.readEnd()
        #expect(!deadlines.hasAnsweredRequestBeingRead)
    }
}
