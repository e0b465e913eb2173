import Testing

@testable import CardTableWeb

/// What a chat message may hold: 1 to 200 characters as people see them, something visible, no
/// control characters or direction overrides; line breaks become spaces, runs of them one.
@Suite struct ChatMessageTests {
    @Test func aMessageIsTrimmedAndItsLineBreaksAreSpaces() throws {
        #expect(try ChatMessage(typed: "  nice one!  ").text == "nice one!")
        #expect(try ChatMessage(typed: "one\nmore?\r\n\tok  then").text == "one more? ok then")
        #expect(try ChatMessage(typed: "<script>alert(1)</script>").text == "<script>alert(1)</script>")
    }

    @Test(arguments: [
        "", "   ", "\n\t", "\u{200B}", "\u{200B} \u{2060}\u{FEFF}", "\u{3164}", "\u{00AD}\u{034F}",
    ])
    func aMessageThatShowsNothingIsRefusedNamingText(typed: String) {
        #expect(throws: ChatMessage.Problem.empty) { try ChatMessage(typed: typed) }
        #expect(ChatMessage.Problem.empty.description.hasPrefix("text: "))
    }

    @Test func lengthIsCountedAsPeopleSeeIt() throws {
        let thumbs = String(repeating: "👍🏽", count: 200)
        #expect(try ChatMessage(typed: thumbs).text.count == 200)
        #expect(throws: ChatMessage.Problem.tooLong) { try ChatMessage(typed: thumbs + "👍🏽") }
        #expect(try ChatMessage(typed: String(repeating: "a", count: 200)).text.count == 200)
        #expect(try ChatMessage(typed: String(repeating: "👨‍👩‍👧‍👦", count: 200)).text.count == 200)
        #expect(try ChatMessage(typed: String(repeating: "🏴󠁧󠁢󠁳󠁣󠁴󠁿", count: 200)).text.count == 200)
        #expect(throws: ChatMessage.Problem.tooLong) {
            try ChatMessage(typed: String(repeating: "a", count: 201))
        }
        // One character piled with marks is one character, but not an endless one.
        let piled = "a" + String(repeating: "\u{0301}", count: 4500)
        #expect(piled.count == 1)
        #expect(throws: ChatMessage.Problem.tooLong) { try ChatMessage(typed: piled) }
        #expect(
            ChatMessage.Problem.tooLong.description == "text: a message can be up to 200 characters long.")
    }

    @Test func controlCharactersAndDirectionOverridesAreRefused() throws {
        #expect(throws: ChatMessage.Problem.controlCharacters) { try ChatMessage(typed: "bell\u{07}") }
        #expect(throws: ChatMessage.Problem.controlCharacters) { try ChatMessage(typed: "esc\u{1B}[31m") }
        #expect(throws: ChatMessage.Problem.directionControls) { try ChatMessage(typed: "gg \u{202E}olleh") }
        #expect(throws: ChatMessage.Problem.directionControls) { try ChatMessage(typed: "\u{2067}hi") }
        // The marks right-to-left writing needs are kept.
        #expect(try ChatMessage(typed: "שלום\u{200F}!").text == "שלום\u{200F}!")
    }
}
