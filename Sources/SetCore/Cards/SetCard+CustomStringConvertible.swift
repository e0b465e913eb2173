/// A neutral debugging description such as `#40(2,2,2,2)`: the id, then number, shape, shading and
/// color as 1, 2 or 3. Presentation layers name the features themselves.
extension SetCard: CustomStringConvertible {
    public var description: String {
        let digits = SetCardFeature.allCases.map { String(self[$0].rawValue + 1) }
        return "#\(id)(\(digits.joined(separator: ",")))"
    }
}
