import Testing

@testable import CardTableCommands

@Suite struct OpenFileLimitTests {
    @Test func theLimitInForceIsRaisedToTheMaximum() throws {
        let original = try #require(OpenFileLimit.read())
        defer { OpenFileLimit.setCurrent(original.current) }
        // NB: lowered a little first, as a shell might have left it, so that raising it shows.
        let lowered = min(original.maximum, 10_240) - 1
        try #require(OpenFileLimit.setCurrent(lowered))

        let (before, after) = try #require(OpenFileLimit.raiseToMaximum())
        #expect(before.current == lowered)
        #expect(after.current > before.current)
        #expect(after.maximum == original.maximum)
        #if os(Linux)
            #expect(after.current == after.maximum)
        #endif
    }
}
