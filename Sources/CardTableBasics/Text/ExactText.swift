import Foundation

/// Text compared and hashed by its UTF-8 bytes: the key of a `Memo` (the site's) whose answers are made
/// from stored text (a game's JSON, a theme's columns).
///
/// `String` compares by canonical equivalence, so two texts with different bytes (an "é" made of
/// one scalar or of two) would share one remembered answer, made from whichever came first; and
/// hashing a `String` that is not ASCII normalizes it first, some 5 ns a byte for emoji-rich JSON.
/// An `ExactText` key is equal only to the same bytes, and hashes them as they are.
package struct ExactText: Hashable, Sendable {
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    package static func == (lhs: ExactText, rhs: ExactText) -> Bool {
        var left = lhs.text
        var right = rhs.text
        return left.withUTF8 { left in
            right.withUTF8 { right in
                left.count == right.count
                    && (left.isEmpty || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }
}
