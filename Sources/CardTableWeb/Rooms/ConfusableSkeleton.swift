import CConfusables

/// The confusable skeleton of Unicode Technical Standard #39, from ICU's spoof checker: a text in
/// which every character is written as the one it is drawn like ("0" as "O", Cyrillic "о" as
/// "o", Cherokee "Ᏼ" as "B"), so two texts that could be mistaken for each other have the same.
enum ConfusableSkeleton {
    /// The skeleton of `text`; `text` itself when ICU cannot say (it always can for valid text).
    static func of(_ text: String) -> String {
        var capacity = text.utf8.count * 3 + 16
        while true {
            var skeleton = [CChar](repeating: 0, count: capacity)
            let length = Int(cardtable_confusable_skeleton(text, &skeleton, Int32(capacity)))
            guard length >= 0 else { return text }
            guard length < capacity else {
                capacity = length + 1
                continue
            }
            return String(decoding: skeleton.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        }
    }
}
