import CardTableBasics
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

    @Test func manyAnswersComeInTheirKeysOrderEachWorkedOutOnce() {
        let memo = Memo<Int, Int>(capacity: 10)
        let calls = Mutex<[Int]>([])
        let square: (Int) -> Int = { key in
            calls.withLock { $0.append(key) }; return key * key
        }
        #expect(memo.value(for: 2, square) == 4)
        #expect(memo.values(for: [3, 2, 3, 1], square) == [9, 4, 9, 1])
        #expect(memo.values(for: [1, 3], square) == [1, 9])
        #expect(calls.withLock { $0 } == [2, 3, 1])
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

    /// Canonically equivalent texts are equal Strings, but were stored as different bytes: an
    /// answer made from one must not be handed out for the other.
    @Test func exactTextKeysTellApartTextsThatAreEqualStrings() {
        let composed = #"["é","👩🏽‍🚀"]"#
        let decomposed = "[\"e\u{301}\",\"👩🏽‍🚀\"]"
        #expect(composed == decomposed)
        #expect(ExactText(composed) != ExactText(decomposed))

        let memo = Memo<ExactText, Int>(capacity: 10)
        #expect(memo.value(for: ExactText(composed)) { $0.text.utf8.count } == composed.utf8.count)
        #expect(memo.value(for: ExactText(decomposed)) { $0.text.utf8.count } == decomposed.utf8.count)
    }

    @Test(arguments: ["", "a", #"{"cards":[{"content":"🦇"}]}"#, String(repeating: "🕸️", count: 300)])
    func exactTextKeysOfTheSameBytesAreEqualAndHashAlike(text: String) {
        // NB: a copy built from the bytes, so the two do not share storage.
        let copy = String(decoding: Array(text.utf8), as: UTF8.self)
        #expect(ExactText(text) == ExactText(copy))
        #expect(ExactText(text).hashValue == ExactText(copy).hashValue)
        #expect(ExactText(text) != ExactText(text + " "))
        #expect(Set([ExactText(text), ExactText(copy)]).count == 1)
    }
}
