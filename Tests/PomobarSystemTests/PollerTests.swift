import Testing

@testable import PomobarSystem

/// The loop's wait (`Poller.wait`), as far as it is arithmetic.
@Suite struct PollerTests {
  /// The kernel may end a poll-style timeout `t` up to `t / 1000` late (`t / 200` for a
  /// process with a positive nice value): the timeout asked for is shorter, so that the
  /// wait ends by `t` at the latest, and at most that slack before it.
  @Test(arguments: [Int64(1000), 200])
  func theTimeoutAskedForEndsWithinItsSlackBeforeTheDeadline(divisor: Int64) {
    for timeout in [Int64(1_000_000_000), 999_999_999, 1_000_000_001, 60_000_000_000, 3_000_000, 1, 0] {
      let asked = Poller.shortened(timeout, slackDivisor: divisor)
      #expect(asked + asked / divisor <= timeout, "\(timeout)")
      #expect(timeout - asked <= timeout / divisor + 1, "\(timeout)")
      #expect(asked >= 0)
    }
  }
}
