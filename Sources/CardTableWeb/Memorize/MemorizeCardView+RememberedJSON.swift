extension MemorizeCardView: RememberedJSON {
    /// A card's JSON, remembered by the whole view: most views recur in every game of a slot.
    var rememberedJSON: [UInt8]? {
        Self.jsonByView.value(for: self) { $0.freshJSON() }
    }

    private static let jsonByView = Memo<MemorizeCardView, [UInt8]?>(capacity: 4096)
}
