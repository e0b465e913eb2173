/// How the cards are laid out so that they (2:3, all the same size) are as large as the board
/// allows.
///
/// The best column count depends on the board's width/height ratio, which only the browser
/// knows. So the server works out every shape that can be best and from which ratio on, and
/// the page's `<style>` picks one with container queries on the board: the grid fits the real
/// screen, on every resize and rotation, with or without the script. The stylesheet sizes the
/// grid from `--columns` and `--rows` so it always fits inside the board.
struct CardGridLayout: Encodable, Sendable {
    /// A width/height ratio, kept as whole numbers so CSS can state it exactly.
    struct Ratio: Encodable, Sendable, Equatable {
        let width: Int
        let height: Int

        var value: Double { Double(width) / Double(height) }
    }

    /// A grid shape and the board ratio from which it is the best one.
    struct Shape: Encodable, Sendable, Equatable {
        let columns: Int
        let rows: Int
        /// `nil` for the first shape (one column), the best on the narrowest boards.
        let fromAspectRatio: Ratio?
    }

    /// The shapes from the narrowest board to the widest: more columns and fewer rows each time.
    let shapes: [Shape]
    /// The page's CSS: the shape for each range of board ratios.
    let stylesheet: String

    init(cardCount: Int) {
        shapes = Self.shapes(for: max(1, cardCount))
        stylesheet = Self.stylesheet(for: shapes)
    }

    /// The shape to use on a board `aspectRatio` times as wide as it is high.
    func shape(forAspectRatio aspectRatio: Double) -> Shape {
        Self.shape(in: shapes, forAspectRatio: aspectRatio)
    }

    // MARK: - Private

    /// NB: in a board of ratio `a` (width `a`, height 1), `c` columns and `r` rows give cards
    /// `min(a / c, 2 / (3r))` wide. The best shape starts as one column; a shape of `r` rows
    /// stops growing at width `2 / (3r)`, and from then on the fewest columns `c'` that need
    /// fewer rows wins as soon as `a / c'` exceeds that, at `a = 2c' / (3r)`. So the only
    /// shapes that are ever best are the fewest columns for each row count, in that order.
    private static func shapes(for count: Int) -> [Shape] {
        var shapes = [Shape(columns: 1, rows: count, fromAspectRatio: nil)]
        var rows = count
        for columns in stride(from: 2, through: count, by: 1) {
            let needed = (count + columns - 1) / columns
            guard needed < rows else { continue }
            shapes.append(
                Shape(
                    columns: columns, rows: needed,
                    fromAspectRatio: Ratio(width: 2 * columns, height: 3 * rows)))
            rows = needed
        }
        return shapes
    }

    /// The first shape for boards narrower than the second's ratio, then each shape from its
    /// ratio on (later rules win). Browsers without container queries get the shape for a
    /// phone held upright.
    private static func stylesheet(for shapes: [Shape]) -> String {
        func rule(_ shape: Shape) -> String {
            ".card-grid { --columns: \(shape.columns); --rows: \(shape.rows); }"
        }
        let portrait = CardGridLayout.shape(in: shapes, forAspectRatio: 0.6)
        var lines = [rule(portrait)]
        for shape in shapes {
            let condition: String
            if let from = shape.fromAspectRatio {
                condition = "aspect-ratio >= \(from.width) / \(from.height)"
            } else if let next = shapes.dropFirst().first?.fromAspectRatio {
                condition = "aspect-ratio < \(next.width) / \(next.height)"
            } else {
                continue
            }
            lines.append("@container (\(condition)) { \(rule(shape)) }")
        }
        return lines.joined(separator: "\n")
    }

    private static func shape(in shapes: [Shape], forAspectRatio aspectRatio: Double) -> Shape {
        shapes.last { ($0.fromAspectRatio?.value ?? 0) <= aspectRatio } ?? shapes[0]
    }
}
