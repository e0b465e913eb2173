import Testing

@testable import CardTableHTTP
@testable import CardTableWeb

/// A form's fields are read as JSON's keys are: a field the request reads may come once; fields it
/// does not read are ignored however often they come (schemathesis sent forms with unknown fields
/// twice, which were refused with 400 though nothing read them).
@Suite struct FormDecoderTests {
    private struct Move: Decodable, Equatable {
        let player: String
        let version: Int?
    }

    @Test func aFieldThatIsReadMayComeOnlyOnce() {
        #expect(throws: FormDecoder.FormError.repeated(field: "player")) {
            try FormDecoder().decode(Move.self, from: "player=one&player=two")
        }
        #expect(throws: FormDecoder.FormError.repeated(field: "version")) {
            try FormDecoder().decode(Move.self, from: "player=one&version=1&version=2")
        }
    }

    @Test func fieldsThatAreNotReadAreIgnoredEvenTwice() throws {
        let move = try FormDecoder().decode(Move.self, from: "player=one&extra=1&extra=2&=x&=y")
        #expect(move == Move(player: "one", version: nil))
    }

    @Test func aCardBoxSentTwiceIsRefusedAsAnyFieldThatIsRead() {
        #expect(throws: FormDecoder.FormError.repeated(field: "card-5")) {
            try FormDecoder().decode(CardClaimForm.self, from: "card-5=on&card-5=on&card-17=on&card-44=on")
        }
    }
}
