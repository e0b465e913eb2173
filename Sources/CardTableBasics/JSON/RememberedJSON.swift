/// A value that comes in few enough versions that its JSON is written once per version and
/// copied into every answer after: a Set card in one of its 648 states, a grid layout.
///
/// ``StreamingJSONEncoder`` copies ``rememberedJSON`` in place of encoding the value (unless
/// told not to, which is how the remembered text is made). The text is made one way for every
/// encoder: keys sorted, so such a value must hold no `Date` (whose form an encoder chooses).
package protocol RememberedJSON: Encodable {
    /// The value's JSON, exactly as ``StreamingJSONEncoder`` (keys sorted) writes it; `nil` to
    /// have it encoded afresh.
    var rememberedJSON: [UInt8]? { get }
}

extension RememberedJSON {
    /// Writes the JSON to remember for this value: the encoder's, without remembered parts.
    package func freshJSON() -> [UInt8]? {
        // NB: copied into an array of its own size: the encoder's buffer is made for whole pages.
        (try? StreamingJSONEncoder(usesRememberedJSON: false).encode(self)).map {
            $0.withUnsafeBufferPointer(Array.init)
        }
    }
}
