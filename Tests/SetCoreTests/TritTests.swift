import SetCore
import Testing

struct TritTests {
    @Test(arguments: Trit.allCases, Trit.allCases)
    func completingMakesAllSameOrAllDifferent(first: Trit, second: Trit) {
        let third = first.completing(second)
        #expect(Trit.areAllSameOrAllDifferent(first, second, third))
        let others = Trit.allCases.filter { $0 != third }
        #expect(others.allSatisfy { !Trit.areAllSameOrAllDifferent(first, second, $0) })
    }

    @Test func sameValuesCompleteThemselves() {
        #expect(Trit.allCases.allSatisfy { $0.completing($0) == $0 })
    }
}
