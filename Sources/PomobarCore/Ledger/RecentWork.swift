/// The work of the seven days before a ledger day, counted from the history: what the
/// bar's `{balance}` needs of the week's earlier days without reading the history at any
/// frame.
///
/// Counted again (in the transaction, under the state lock) at the first transaction of
/// a day and whenever the history changed underneath (an edit, `track`, an import), and
/// only when a goal is set or a text needs them (`PlaceholderNeeds.recentWork`). Seven
/// days cover the days before today of any week, whatever day it starts on.
public struct RecentWork: Equatable, Sendable {
  /// The ledger day it was counted on.
  public var day: Int64
  /// Work seconds of days `day - 7` ... `day - 1`, oldest first.
  public var seconds: [Int64]

  public static let days = 7

  public init(day: Int64, seconds: [Int64] = Array(repeating: 0, count: Self.days)) {
    self.day = day
    self.seconds = seconds
  }

  /// The work of day number `other`, when it is one of the seven days before `day`.
  public func work(on other: Int64) -> Int64? {
    let index = other - (day - Int64(Self.days))
    return (0..<Int64(Self.days)).contains(index) ? seconds[Int(index)] : nil
  }

  /// Adds the part of a work `record`'s counted seconds that lies in the seven days, spread
  /// over the days it touches in proportion to its time in each, as reports do.
  public mutating func add(workOf record: LedgerRecord, calendar: LedgerCalendar) {
    guard record.kind == .work else { return }
    calendar.splitCounted(record) { other, part in
      let index = other - (day - Int64(Self.days))
      if (0..<Int64(Self.days)).contains(index), part > 0 { seconds[Int(index)] += part }
    }
  }
}
