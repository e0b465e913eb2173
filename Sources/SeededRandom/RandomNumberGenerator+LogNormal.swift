#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension RandomNumberGenerator {
    /// A factor of median 1 whose logarithm is normally distributed with standard deviation
    /// `spread`: multiplied into a duration, it varies it as people's times vary, more often
    /// longer by much than shorter by much.
    public mutating func logNormalFactor(spread: Double) -> Double {
        // Box–Muller: two uniform draws make one standard normal draw.
        let radius = (-2 * log(1 - Double.random(in: 0..<1, using: &self))).squareRoot()
        let angle = 2 * Double.pi * Double.random(in: 0..<1, using: &self)
        return exp(spread * radius * cos(angle))
    }
}
