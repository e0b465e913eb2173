import Foundation
import SeededRandom
import SetCore
import SetTestSupport
import Testing

struct SetCardTests {
    @Test func theDeckIsTheEightyOneDistinctCards() {
        #expect(SetCard.allCards.count == 81)
        #expect(Set(SetCard.allCards).count == 81)
        #expect(SetCard.allCards.map(\.id) == Array(0..<81))
        let featureTuples = Set(SetCard.allCards.map { [$0.number, $0.shape, $0.shading, $0.color] })
        #expect(featureTuples.count == 81)
    }

    @Test func featuresRoundTripThroughTheInitializer() {
        for card in SetCard.allCards {
            let rebuilt = SetCard(
                number: card.number, shape: card.shape, shading: card.shading, color: card.color)
            #expect(rebuilt == card)
            #expect(
                SetCardFeature.allCases.map { card[$0] } == [
                    card.number, card.shape, card.shading, card.color,
                ])
        }
    }

    @Test(arguments: [-1, 81, 1000])
    func idsOutsideTheDeckAreRefused(id: Int) {
        #expect(SetCard(id: id) == nil)
    }

    @Test func codableUsesTheID() throws {
        let card = SetCard.code("2312")
        let data = try JSONEncoder().encode(card)
        #expect(String(decoding: data, as: UTF8.self) == "\(card.id)")
        #expect(try JSONDecoder().decode(SetCard.self, from: data) == card)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SetCard.self, from: Data("81".utf8)) }
    }

    @Test func shuffledDeckIsAPermutationAndRepeatsWithTheSameSeed() {
        var first = SeededGenerator(seed: 5)
        var second = SeededGenerator(seed: 5)
        let deck = SetCard.shuffledDeck(using: &first)
        #expect(deck.sorted() == SetCard.allCards)
        #expect(deck == SetCard.shuffledDeck(using: &second))
        #expect(deck != SetCard.allCards)
    }

    @Test func descriptionIsNeutral() {
        #expect(SetCard.code("1231").description == "#\(SetCard.code("1231").id)(1,2,3,1)")
    }
}
