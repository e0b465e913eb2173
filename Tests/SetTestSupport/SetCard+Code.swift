import SetCore

extension SetCard {
    /// The card written as four digits 1–3 for number, shape, shading and color: "1231" is one
    /// squiggle, open, red (shapes diamond, squiggle, oval; shadings solid, striped, open; colors
    /// red, green, purple).
    public static func code(_ digits: String) -> SetCard {
        let trits = digits.map { digit in
            guard let value = UInt8(String(digit)), (1...3).contains(value),
                let trit = Trit(rawValue: value - 1)
            else { preconditionFailure("\(digits) is not a card code: each digit is 1, 2 or 3") }
            return trit
        }
        precondition(trits.count == 4, "\(digits) is not a card code: it needs four digits")
        return SetCard(number: trits[0], shape: trits[1], shading: trits[2], color: trits[3])
    }

    /// Several cards by code, separated by spaces: `.codes("1111 2222 3333")`.
    public static func codes(_ list: String) -> [SetCard] {
        list.split(separator: " ").map { code(String($0)) }
    }
}
