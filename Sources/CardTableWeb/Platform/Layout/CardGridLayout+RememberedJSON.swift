import CardTableBasics

extension CardGridLayout: RememberedJSON {
    /// A layout's JSON, remembered by the whole layout: a game's layouts are few.
    var rememberedJSON: [UInt8]? {
        Self.jsonByLayout.value(for: self) { $0.freshJSON() }
    }

    private static let jsonByLayout = Memo<CardGridLayout, [UInt8]?>(capacity: 512)
}
