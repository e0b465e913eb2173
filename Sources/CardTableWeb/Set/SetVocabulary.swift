import SetCore

/// The words and colors the web app gives the engine's neutral features: the model says
/// `.first`, the page says "diamond", "red", "solid" or "one".
enum SetVocabulary {
    // MARK: - Feature values

    /// The shape's name, also the id of its SVG symbol (`#set-diamond`).
    static func shape(_ value: Trit) -> String {
        switch value {
        case .first: "diamond"
        case .second: "squiggle"
        case .third: "oval"
        }
    }

    /// The color's name, also its CSS class.
    static func color(_ value: Trit) -> String {
        switch value {
        case .first: "red"
        case .second: "green"
        case .third: "purple"
        }
    }

    /// The shading's name, also its CSS class.
    static func shading(_ value: Trit) -> String {
        switch value {
        case .first: "solid"
        case .second: "striped"
        case .third: "open"
        }
    }

    /// How many symbols the card shows, 1–3.
    static func count(_ value: Trit) -> Int { Int(value.rawValue) + 1 }

    /// The letter that names a color without color (color-blind mode).
    static func colorLetter(_ value: Trit) -> String {
        switch value {
        case .first: "R"
        case .second: "G"
        case .third: "P"
        }
    }

    // MARK: - Sentences

    /// What a card shows, as a screen reader says it: "two red striped ovals".
    static func describe(_ card: SetCard) -> String {
        let count = count(card.number)
        let shape = shape(card.shape) + (count == 1 ? "" : "s")
        return "\(numberWord(count)) \(color(card.color)) \(shading(card.shading)) \(shape)"
    }

    /// Why three cards are not a Set, one clause per broken feature:
    /// "two are red, one is green; two have one symbol, one has three".
    static func explain(_ violations: [SetViolation]) -> String {
        violations.map { violation in
            switch violation.feature {
            case .number:
                let shared = count(violation.sharedValue)
                let odd = count(violation.oddValue)
                return "two have \(numberWord(shared)) \(shared == 1 ? "symbol" : "symbols"), "
                    + "one has \(numberWord(odd))"
            case .shape:
                let odd = shape(violation.oddValue)
                return "two are \(shape(violation.sharedValue))s, one is \(odd == "oval" ? "an" : "a") \(odd)"
            case .color, .shading:
                return violation.explanation(naming: name)
            }
        }.joined(separator: "; ")
    }

    /// Names any feature value (the engine's `explanation(naming:)` asks for this).
    static func name(_ feature: SetCardFeature, _ value: Trit) -> String {
        switch feature {
        case .number: numberWord(count(value))
        case .shape: shape(value)
        case .shading: shading(value)
        case .color: color(value)
        }
    }

    /// "one", "two", "three" … for small counts, digits beyond.
    static func numberWord(_ number: Int) -> String {
        let words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]
        return words.indices.contains(number) ? words[number] : "\(number)"
    }

    /// "Player 1" or "Player 2".
    static func playerName(_ player: SetPlayer) -> String {
        switch player {
        case .one: "Player 1"
        case .two: "Player 2"
        }
    }
}
