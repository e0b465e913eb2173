/// How long to wait before connecting again after the `attempt`th failure in a row: doubling from
/// ``first`` up to ``longest``, each wait drawn at random between half and all of that, so that
/// instances that lost the database together do not all come back in the same instant.
package struct RetryBackoff: Sendable {
    package var first: Duration = .milliseconds(250)
    package var longest: Duration = .seconds(5)

    package init(first: Duration = .milliseconds(250), longest: Duration = .seconds(5)) {
        (self.first, self.longest) = (first, longest)
    }

    /// The wait after `failures` failed attempts in a row (at least 1).
    package func delay(afterFailures failures: Int, using random: inout some RandomNumberGenerator)
        -> Duration
    {
        let doublings = min(max(failures - 1, 0), 30)
        let ceiling = min(first * (1 << doublings), longest)
        return ceiling * Double.random(in: 0.5...1, using: &random)
    }
}
