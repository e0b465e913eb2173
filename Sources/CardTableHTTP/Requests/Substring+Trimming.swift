extension Substring {
    /// The text without the white space around it (Foundation's `trimmingCharacters(in:)` goes
    /// through `NSString`, too slow for headers read on every request).
    package func trimmingWhitespace() -> Substring {
        let start = firstIndex { !$0.isWhitespace } ?? endIndex
        let end = lastIndex { !$0.isWhitespace }.map(index(after:)) ?? start
        return self[start..<end]
    }
}
