import Synchronization
import Testing

@testable import CardTableWeb

@Suite struct MemoTests {
    @Test func anAnswerIsWorkedOutOnceAndRemembered() {
        let memo = Memo<String, Int>(capacity: 10)
        let calls = Mutex(0)
        for _ in 1...3 {
            #expect(
                memo.value(for: "abc") { key in
                    calls.withLock { $0 += 1 }; return key.count
                } == 3)
        }
        #expect(calls.withLock { $0 } == 1)
    }

    @Test func aFullMemoForgetsEverythingAndStartsOver() {
        let memo = Memo<Int, Int>(capacity: 2)
        let calls = Mutex(0)
        let square: (Int) -> Int = { key in
            calls.withLock { $0 += 1 }; return key * key
        }
        #expect(memo.value(for: 1, square) == 1)
        #expect(memo.value(for: 2, square) == 4)
        #expect(memo.value(for: 3, square) == 9)  // full: 1 and 2 are forgotten
        #expect(memo.value(for: 3, square) == 9)
        #expect(memo.value(for: 1, square) == 1)
        #expect(calls.withLock { $0 } == 4)
    }
}
