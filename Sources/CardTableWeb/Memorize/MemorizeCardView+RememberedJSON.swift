import CardTableBasics

extension MemorizeCardView: RememberedJSON {
    /// A card's JSON, remembered by the whole view: most views recur in every game of a slot.
    /// NB: a running bonus countdown is never the same twice, so such a card is encoded afresh.
    var rememberedJSON: [UInt8]? {
        guard bonus == nil else { return nil }
        return Self.jsonByView.value(for: self) { $0.freshJSON() }
    }

    private static let jsonByView = Memo<MemorizeCardView, [UInt8]?>(capacity: 2048)
}
