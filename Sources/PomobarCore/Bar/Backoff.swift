/// How long to wait before trying a failed save again: 1, 2, then 4 s between tries;
/// a change in the state folder may try sooner, but not more than 4 times a second.
/// (A wrapped status command that dies is restarted on a longer one: 1 s to 30 s.)
///
/// Times are monotonic nanoseconds (`ClockReading.monotonic`), passed in.
public struct Backoff: Equatable, Sendable {
  static let soonest: Int64 = 250_000_000
  let first: Int64
  let longest: Int64
  /// Before this, no retry is made unless forced.
  public private(set) var notBefore: Int64 = 0
  private var lastFailure: Int64 = .min / 2
  private var next: Int64

  public init(first: Int64 = 1_000_000_000, longest: Int64 = 4_000_000_000) {
    self.first = first
    self.longest = longest
    next = first
  }

  /// Whether to try at `now`: the pause is over.
  public func isDue(now: Int64) -> Bool { now >= notBefore }

  /// Something changed that may let the next try succeed: the pause ends at `now`, unless
  /// the last try is too recent.
  public mutating func hurry(now: Int64) {
    if now - lastFailure >= Self.soonest { notBefore = min(notBefore, now) }
  }

  /// Nanoseconds from `now` until the retry is due (at least 1).
  public func wait(now: Int64) -> Int64 { max(1, notBefore - now) }

  public mutating func failed(at now: Int64) {
    lastFailure = now
    notBefore = now + next
    next = min(next * 2, longest)
  }
}
