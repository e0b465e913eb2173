import SetCore
import SetTestSupport
import Testing

struct SetViolationTests {
    /// Sample names, as a presentation layer might choose them.
    static func name(_ feature: SetCardFeature, _ value: Trit) -> String {
        let names: [SetCardFeature: [String]] = [
            .number: ["single", "double", "triple"],
            .shape: ["diamonds", "squiggles", "ovals"],
            .shading: ["solid", "striped", "open"],
            .color: ["red", "green", "purple"],
        ]
        return names[feature]![Int(value.rawValue)]
    }

    @Test func aSetHasNoViolations() {
        let set = Fixtures.set
        #expect(SetRules.violations(set[0], set[1], set[2]).isEmpty)
    }

    @Test func violationsNameTheFeatureTheSharedValueAndTheOddCard() {
        let cards = SetCard.codes("1111 1231 2311")
        let violations = SetRules.violations(cards[0], cards[1], cards[2])
        #expect(
            violations == [
                SetViolation(feature: .number, sharedValue: .first, oddValue: .second, oddCard: cards[2]),
                SetViolation(feature: .shading, sharedValue: .first, oddValue: .third, oddCard: cards[1]),
            ]
        )
    }

    @Test func explanationReadsLikeASentence() {
        let cards = SetCard.codes("1111 1121 1112")
        let violations = SetRules.violations(cards[0], cards[1], cards[2])
        #expect(
            violations.explanation(naming: Self.name)
                == "two are solid, one is striped; two are red, one is green"
        )
    }

    @Test func everyNonSetHasAViolationAndEveryViolationIsReal() {
        let cards = SetCard.allCards
        for first in stride(from: 0, to: 81, by: 7) {
            for second in (first + 1)..<81 {
                for third in stride(from: second + 1, to: 81, by: 5) {
                    let trio = (cards[first], cards[second], cards[third])
                    let violations = SetRules.violations(trio.0, trio.1, trio.2)
                    #expect(violations.isEmpty == SetRules.isSet(trio.0, trio.1, trio.2))
                    for violation in violations {
                        let values = [trio.0, trio.1, trio.2].map { $0[violation.feature] }
                        #expect(values.filter { $0 == violation.sharedValue }.count == 2)
                        #expect(violation.oddCard[violation.feature] == violation.oddValue)
                    }
                }
            }
        }
    }
}
