import CardTableStorage
import Mustache
import TemplateFields

/// How a game's cards are laid out so that they (all the same size, ``cardRatio`` wide to high)
/// are as large as the board allows.
///
/// The best column count depends on the board's width/height ratio, which only the browser
/// knows. So the server works out every shape that can be best and from which ratio on, and
/// the stylesheet the page links to picks one with container queries on the board: the grid fits the real
/// screen, on every resize and rotation, with or without the script. `app.css` sizes the grid
/// from `--columns`, `--rows`, `--gap`, `--card-ratio` and `--card-minimum` so it always fits
/// inside the board, unless the cards would be narrower than the minimum: then it keeps as many
/// columns as fit and the board scrolls. Memorize and Set both lay out their cards this way.
@TemplateFields
struct CardGridLayout: Encodable, Hashable, Sendable {
    /// A width/height ratio, kept as whole numbers so CSS can state it exactly.
    @TemplateFields
    struct Ratio: Encodable, Sendable, Hashable {
        let width: Int
        let height: Int

        var value: Double { Double(width) / Double(height) }
        /// How high for one unit of width: 1.5 for 2:3.
        var heightPerWidth: Double { Double(height) / Double(width) }

        /// The ratio as CSS writes it: `2 / 3`.
        var css: String { "\(width) / \(height)" }
    }

    /// A grid shape and the board ratio from which it is the best one.
    @TemplateFields
    struct Shape: Encodable, Sendable, Hashable {
        let columns: Int
        let rows: Int
        /// `nil` for the first shape (one column), the best on the narrowest boards.
        let fromAspectRatio: Ratio?
    }

    /// The narrowest a card may be, in CSS pixels, before the board scrolls instead: on small
    /// screens (either side under ``smallScreenLimit``) and on larger ones.
    struct MinimumCardWidth: Sendable, Equatable {
        let smallScreen: Int
        let largeScreen: Int

        /// The viewport side under which a screen counts as small (a phone).
        static let smallScreenLimit = 600
    }

    /// Every card's width to height, 2:3: the one place the games' card ratio is written.
    /// ``sharedStylesheet`` hands it to CSS as `--card-ratio`.
    static let cardRatio = Ratio(width: 2, height: 3)

    /// CSS every page gets (at the top of `app.css`): the card ratio for every card-shaped thing,
    /// grids, piles, reviews and the chooser's swatches.
    static let sharedStylesheet = ":root { --card-ratio: \(cardRatio.css); }\n"

    /// The shapes from the narrowest board to the widest: more columns and fewer rows each time.
    let shapes: [Shape]
    /// The CSS: the shape for each range of board ratios, then the spacing.
    let stylesheet: String
    /// Where the page links to ``stylesheet`` (``GeneratedStylesheets`` serves it):
    /// `/styles/grid/16.css`, or `/styles/set-grid/21.css` for the Set table.
    let stylesheetURL: String

    /// - Parameters:
    ///   - cardCount: how many cards the grid holds.
    ///   - gap: the space between cards in CSS pixels; `nil` keeps `app.css`'s, which follows
    ///     the screen.
    ///   - minimumCardWidth: below this the board scrolls; `nil`: cards shrink to fit.
    ///   - stylesheetFolder: the folder of ``stylesheetURL`` under `/styles/`.
    init(
        cardCount: Int, gap: Int? = nil, minimumCardWidth: MinimumCardWidth? = nil,
        stylesheetFolder: String = "grid"
    ) {
        stylesheetURL = "/styles/\(stylesheetFolder)/\(max(1, cardCount)).css"
        shapes = Self.shapes(for: max(1, cardCount))
        stylesheet = (Self.shapeRules(for: shapes) + Self.spacingRules(gap: gap, minimum: minimumCardWidth))
            .joined(separator: "\n")
    }

    /// The shape to use on a board `aspectRatio` times as wide as it is high.
    func shape(forAspectRatio aspectRatio: Double) -> Shape {
        Self.shape(in: shapes, forAspectRatio: aspectRatio)
    }

    // MARK: - Private

    private enum CodingKeys: String, CodingKey {
        case shapes, stylesheet
    }

    /// NB: in a board of ratio `a` (width `a`, height 1), `c` columns and `r` rows give cards
    /// `min(a / c, k / r)` wide, where `k` is the card ratio (2/3). The best shape starts as
    /// one column; a shape of `r` rows stops growing at width `k / r`, and from then on the
    /// fewest columns `c'` that need fewer rows wins as soon as `a / c'` exceeds that, at
    /// `a = k·c' / r`. So the only shapes that are ever best are the fewest columns for each row
    /// count, in that order.
    private static func shapes(for count: Int) -> [Shape] {
        var shapes = [Shape(columns: 1, rows: count, fromAspectRatio: nil)]
        var rows = count
        for columns in stride(from: 2, through: count, by: 1) {
            let needed = (count + columns - 1) / columns
            guard needed < rows else { continue }
            shapes.append(
                Shape(
                    columns: columns, rows: needed,
                    fromAspectRatio: Ratio(
                        width: cardRatio.width * columns, height: cardRatio.height * rows)))
            rows = needed
        }
        return shapes
    }

    /// The first shape for boards narrower than the second's ratio, then each shape from its
    /// ratio on (later rules win). Browsers without container queries get the shape for a
    /// phone held upright.
    private static func shapeRules(for shapes: [Shape]) -> [String] {
        func rule(_ shape: Shape) -> String {
            ".card-grid { --columns: \(shape.columns); --rows: \(shape.rows); }"
        }
        let portrait = CardGridLayout.shape(in: shapes, forAspectRatio: 0.6)
        var lines = [rule(portrait)]
        for shape in shapes {
            let condition: String
            if let from = shape.fromAspectRatio {
                condition = "aspect-ratio >= \(from.css)"
            } else if let next = shapes.dropFirst().first?.fromAspectRatio {
                condition = "aspect-ratio < \(next.css)"
            } else {
                continue
            }
            lines.append("@container (\(condition)) { \(rule(shape)) }")
        }
        return lines
    }

    /// The gap and the minimum card width.
    private static func spacingRules(gap: Int?, minimum: MinimumCardWidth?) -> [String] {
        var lines: [String] = []
        if let gap {
            lines.append(".card-grid { --gap: \(gap)px; }")
        }
        if let minimum {
            let limit = MinimumCardWidth.smallScreenLimit
            lines.append(".card-grid { --card-minimum: \(minimum.smallScreen)px; }")
            lines.append(
                "@media (min-width: \(limit)px) and (min-height: \(limit)px) { "
                    + ".card-grid { --card-minimum: \(minimum.largeScreen)px; } }")
        }
        return lines
    }

    private static func shape(in shapes: [Shape], forAspectRatio aspectRatio: Double) -> Shape {
        shapes.last { ($0.fromAspectRatio?.value ?? 0) <= aspectRatio } ?? shapes[0]
    }
}
