import Mustache
import SetCore
import TemplateFields

/// One symbol on a card: which SVG shape to use and where it sits in the card's drawing box
/// (``faceWidth`` × ``faceHeight``, 100 × 150). Symbols are drawn 72 × 36 (the shapes' 100 × 50 box scaled by 0.72), stacked
/// in the middle with a gap of 6, so they always stay inside the card and leave the corners free
/// for the color-blind letters.
@TemplateFields
struct SetSymbolView: Encodable, Hashable, Sendable {
    /// The shape's symbol id without `set-`: diamond, squiggle or oval.
    let shape: String
    /// The SVG `transform` that places the symbol.
    let transform: String

    /// The symbols of `card`, top to bottom.
    static func symbols(of card: SetCard) -> [SetSymbolView] {
        let count = SetVocabulary.count(card.number)
        let shape = SetVocabulary.shape(card.shape)
        let pitch = symbolHeight + gap
        let top = (cardHeight - Double(count) * symbolHeight - Double(count - 1) * gap) / 2
        return (0..<count).map { index in
            let y = top + Double(index) * pitch
            return SetSymbolView(shape: shape, transform: "translate(\(left) \(format(y))) scale(\(scale))")
        }
    }

    // MARK: - Geometry

    private static let scale = 0.72
    /// The face's drawing box: 100 wide, and as high as the card ratio makes it (150).
    static let faceWidth = 100.0
    static let faceHeight = faceWidth * CardGridLayout.cardRatio.heightPerWidth
    /// The faces' SVG drawing box, as high as the card ratio makes it.
    static let faceViewBox = "0 0 \(Int(faceWidth)) \(Int(faceHeight))"
    /// Where the lower color-blind letter stands (5 above the bottom).
    static let faceLowerCueY = Int(faceHeight) - 5
    private static let cardHeight = faceHeight
    private static let symbolHeight = 50 * scale
    private static let gap = 6.0
    private static let left = 14

    private static func format(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? "\(Int(rounded))" : "\(rounded)"
    }
}
