extension CardGridLayout: RememberedJSON {
    /// NB: a layout's stylesheet address names all it depends on (its kind and card count, see
    /// ``GeneratedStylesheets``), so the address finds its JSON.
    var rememberedJSON: [UInt8]? {
        Self.jsonByAddress.value(for: stylesheetURL) { _ in freshJSON() }
    }

    private static let jsonByAddress = Memo<String, [UInt8]?>(capacity: 512)
}
