import Foundation
import HummingbirdTesting
import SetCore
import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// Rooms over live WebSockets: snapshots, events as they happen, simultaneous claims,
/// reconnecting, bad messages, spectators and players who drop.
@Suite struct RoomSocketTests {
    /// A Set room with `count` players (the first is the host, Ana) and its game started.
    private func startedSetRoom(_ session: TestSession, players count: Int) async throws -> (
        CreatedRoomJSON, [Browser]
    ) {
        var browsers: [Browser] = []
        for _ in 0..<count { browsers.append(try await session.newPlayer()) }
        let room = try await browsers[0].createRoom()
        for (index, browser) in browsers.enumerated().dropFirst() {
            try await browser.join(room, as: "Player \(index + 1)")
        }
        _ = try await browsers[0].postJSON(room.startURL, body: "{}")
        return (room, browsers)
    }

    private func aSet(in view: RoomView?) throws -> [Int] {
        let cards = try #require(view?.set?.cards).compactMap(SetCard.init(id:))
        return try #require(SetRules.allSets(in: cards).first).cards.map(\.id)
    }

    @Test func aSocketStartsWithASnapshotThenSendsEachEvent() async throws {
        try await withLiveTestApp { session in
            let (ana, bo) = (try await session.newPlayer(), try await session.newPlayer())
            let room = try await ana.createRoom()
            try await ana.withRoomSocket(room.socketURL) { socket in
                let snapshot = try await socket.next()
                #expect(snapshot.type == "snapshot")
                #expect(snapshot.you == 1)
                #expect(snapshot.lastEvent == 1)
                try await bo.join(room, as: "Bo")
                let joined = try await socket.next()
                #expect(joined.type == "event")
                #expect(joined.number == 2)
                #expect(joined.text == "Bo joined.")
                try await socket.send(#"{"type": "start"}"#)
                let started = try await socket.next()
                #expect(started.kind == "started")
                #expect(started.view?.set?.cards.count ?? 0 >= 12)
            }
        }
    }

    @Test(arguments: [2, 8])
    func claimsAtTheSameInstantHaveExactlyOneWinner(players: Int) async throws {
        try await withLiveTestApp(clock: TestClock(step: 1)) { session in
            let (room, browsers) = try await startedSetRoom(session, players: players)
            let view = try await browsers[0].snapshot(room).view
            let trio = try aSet(in: view)
            let ready = AsyncCounter(target: players)
            // Every player opens a socket, waits until all are connected, then claims the same Set.
            let outcomes = try await withThrowingTaskGroup(of: [RoomMessageJSON].self) { group in
                for browser in browsers {
                    group.addTask {
                        try await browser.withRoomSocket(room.socketURL) { socket in
                            _ = try await socket.next()
                            await ready.arriveAndWait()
                            try await socket.send(#"{"type": "claim", "cards": \#(trio)}"#)
                            var seen: [RoomMessageJSON] = []
                            while seen.filter({ ["scored", "tooLate"].contains($0.kind) }).count < players {
                                seen.append(try await socket.next())
                            }
                            return seen
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for seen in outcomes {
                #expect(seen.filter { $0.kind == "scored" }.count == 1)
                #expect(seen.filter { $0.kind == "tooLate" }.count == players - 1)
                #expect(seen.allSatisfy { $0.type == "event" }, "no claim was refused")
            }
            let final = try #require(try await browsers[0].snapshot(room).view?.set)
            #expect(final.scores.reduce(0, +) == 1)
            #expect(final.sets.flatMap { $0 }.count == 1)
            let everywhere = final.cards + final.sets.flatMap { $0.flatMap { $0 } }
            #expect(Set(everywhere).count == everywhere.count, "no card in two places")
            #expect(Set(trio).isDisjoint(with: final.cards))
        }
    }

    @Test func aReconnectGetsExactlyTheEventsItMissed() async throws {
        // NB: a grace period far longer than the test, so closing a socket adds no "left" event
        // here: a minute once ran out while a loaded machine made the 201 joins below.
        try await withLiveTestApp(gracePeriod: .seconds(3600)) { session in
            let (room, browsers) = try await startedSetRoom(session, players: 2)
            // Events 1–3: made, joined, started. Two votes while the second player is away.
            _ = try await browsers[0].postJSON("/rooms/\(room.code)/deal", body: "{}")
            let numbers = try await browsers[1].withRoomSocket(room.socketURL + "?after=3") { socket in
                let first = try await socket.next()
                return [first.number]
            }
            #expect(numbers == [4])
            // Far behind (over the catch-up limit): a snapshot instead.
            for index in 0...RoomReferee.catchUpLimit {
                _ = try await browsers[1].join(room, as: "Bo \(index)")
            }
            let far = try await browsers[1].withRoomSocket(room.socketURL + "?after=2") { socket in
                try await socket.next()
            }
            #expect(far.type == "snapshot")
            #expect(far.lastEvent == 4 + RoomReferee.catchUpLimit + 1)
            #expect(far.you == 2)
        }
    }

    @Test func badMessagesAreAnsweredAndTheConnectionStays() async throws {
        try await withLiveTestApp(clock: TestClock(step: 1)) { session in
            let (room, browsers) = try await startedSetRoom(session, players: 2)
            try await browsers[0].withRoomSocket(room.socketURL) { socket in
                let view = try await socket.next().view
                let problems = [
                    (
                        #"{"type": "fly"}"#,
                        "There is no request of type \"fly\": send claim, deal, choose, start, join, chat or react."
                    ),
                    ("not json", "That message is not JSON: send an object such as {\"type\": \"deal\"}."),
                    (#"{"cards": [1, 2, 3]}"#, "The message needs type."),
                    (
                        #"{"type": "claim", "cards": "many"}"#,
                        "cards is not what a claim names: three card numbers from 0 to 80 (four in UltraSet)."
                    ),
                    (
                        String(repeating: " ", count: 3000) + "{}",
                        "That message is too long: a request fits in 2048 bytes."
                    ),
                    (#"{"type": "start"}"#, "The game has already started."),
                ]
                for (message, expected) in problems {
                    try await socket.send(message)
                    let answer = try await socket.next()
                    #expect(answer.type == "error")
                    #expect(answer.message == expected)
                }
                // Cards that are not on the table.
                let onTable = Set(try #require(view?.set?.cards))
                let absent = (0..<81).filter { !onTable.contains($0) }.prefix(3)
                try await socket.send(#"{"type": "claim", "cards": \#(Array(absent))}"#)
                #expect(try await socket.next().message == "Those cards are not all on the table.")
                // Still connected: a good claim is refereed.
                try await socket.send(#"{"type": "claim", "cards": \#(try aSet(in: view))}"#)
                #expect(try await socket.next().kind == "scored")
            }
        }
    }

    @Test func nobodyActsInARoomTheyAreNotIn() async throws {
        try await withLiveTestApp(clock: TestClock(step: 1)) { session in
            let (room, browsers) = try await startedSetRoom(session, players: 2)
            let other = try await browsers[0].createRoom()
            let trio = try aSet(in: try await browsers[0].snapshot(room).view)
            // The second player is in the first room only; on the other room's socket they watch.
            try await browsers[1].withRoomSocket(other.socketURL) { socket in
                let snapshot = try await socket.next()
                #expect(snapshot.you == nil)
                try await socket.send(#"{"type": "claim", "cards": \#(trio)}"#)
                #expect(try await socket.next().message == "Join the room first: you are not in it.")
                try await socket.send(#"{"type": "start"}"#)
                #expect(try await socket.next().message == "Join the room first: you are not in it.")
            }
            // A spectator who joins mid-game watches until the next one.
            let late = try await session.newPlayer()
            try await late.join(room, as: "Late")
            try await late.withRoomSocket(room.socketURL) { socket in
                #expect(try await socket.next().you == 3)
                try await socket.send(#"{"type": "deal"}"#)
                #expect(
                    try await socket.next().message
                        == "You are watching this game; you can play in the next one.")
            }
        }
    }

    /// An HTTP connection idle for five seconds is closed; a socket is not (pings keep it).
    @Test func aQuietSocketOutlivesTheIdleTimeout() async throws {
        // NB: the head's time runs from the test client's connecting, which a busy machine can
        // leave seconds before its first request; only the idle time is short. It is not shorter
        // because the test client's own HTTP connection must outlive the gap between its two
        // requests, which a machine busy with the rest of the suite stretched past 2 s.
        let short = ConnectionTimeouts(requestHead: .seconds(30), bodyPause: .seconds(1), idle: .seconds(5))
        try await withLiveTestApp(timeouts: short) { session in
            // NB: the test client's own kept-alive HTTP connection is closed when idle too, so
            // everything after making the room goes over the socket.
            let ana = try await session.newPlayer()
            let room = try await ana.createRoom()
            // NB: the script sleeps 7.5 s, well inside its own time limit (not under test).
            try await ana.withRoomSocket(room.socketURL) { socket in
                _ = try await socket.next()
                try await socket.send(#"{"type": "start"}"#)
                #expect(try await socket.next().kind == "started")
                try await Task.sleep(for: .milliseconds(7500))
                try await socket.send(#"{"type": "deal"}"#)
                #expect(try await socket.next().kind == "dealt")
            }
        }
    }

    @Test func aPlayerWhoDropsIsMarkedAwayAndComesBack() async throws {
        try await withLiveTestApp(gracePeriod: .milliseconds(200)) { session in
            let (room, browsers) = try await startedSetRoom(session, players: 2)
            try await browsers[1].withRoomSocket(room.socketURL) { socket in _ = try await socket.next() }
            try await browsers[0].withRoomSocket(room.socketURL) { socket in
                // (On a slow machine the grace period may end before this socket opens: the
                // snapshot then shows Player 2 away already.)
                let snapshot = try await socket.next()
                if snapshot.view?.members[1].isAway != true {
                    let left = try await socket.next(where: { $0.kind == "left" })
                    #expect(left.text == "Player 2 left.")
                    #expect(left.view?.members[1].isAway == true)
                }
                // With Player 2 away, Ana's vote alone deals.
                try await socket.send(#"{"type": "deal"}"#)
                #expect(try await socket.next().kind == "dealt")
            }
            // Back: the room counts them again before it sends them the snapshot.
            let back = try await browsers[1].withRoomSocket(room.socketURL) { socket in
                try await socket.next()
            }
            #expect(back.type == "snapshot")
            #expect(back.view?.members[1].isAway == false)
            // The log says so, before the snapshot's last event. (Both sockets closed above, so
            // "Ana left." and a second "Player 2 left." may follow once their grace periods end.)
            let events = try await browsers[0].get("/rooms/\(room.code)/events?after=0", json: true)
                .roomMessages()
            let left = try #require(events.first { $0.text == "Player 2 left." }?.number)
            let returned = try #require(events.first { $0.text == "Player 2 is back." }?.number)
            #expect(left < returned)
            #expect(returned <= (back.lastEvent ?? 0))
        }
    }
}

/// Lets a number of tasks wait until all of them have arrived.
actor AsyncCounter {
    private let target: Int
    private var arrived = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(target: Int) { self.target = target }

    func arriveAndWait() async {
        arrived += 1
        if arrived == target {
            waiting.forEach { $0.resume() }
            waiting = []
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }
}
