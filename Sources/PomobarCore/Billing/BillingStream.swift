/// Billing worked out while the records of a range go by in order of start, for an
/// export's rows: each record comes back with its bill as soon as no record still to come
/// can change it, so an export reads its range once and holds only a few days of it.
///
/// The bills are `BillingBuilder`'s, entry by entry: the breaks inside a work record are
/// all seen once a record starting at or after its end is; whether a focus bills (a day
/// without the work clock) once the records have gone three days past its start (the
/// records of one ledger day start, in UTC, within 50 hours of each other across every
/// offset); and each line's running totals are carried in order of start, so the entries
/// of a line add up to the line's rounded time and price as `report` bills them.
public struct BillingStream {
  private var builder: BillingBuilder
  /// The records not given back yet, in order, from `first`.
  private var held: [(record: LedgerRecord, entry: BillingBuilder.Entry?)] = []
  private var first = 0
  /// Breaks that may still lie inside a held entry, in order of start.
  private var breaks: [BillingBuilder.Interval] = []
  private var firstBreak = 0
  private var pricers: [BillingBuilder.LinePricer] = []
  /// The start of the latest record added.
  private var latest = Int64.min

  /// How long after a focus's start the work of its ledger day may still start (UTC).
  static let dayReach: Int64 = 3 * 86_400

  public init(rules: BillingRules) {
    builder = BillingBuilder(rules: rules)
  }

  /// Adds the next record in order of start (`LedgerRange`'s order), done on the ledger
  /// day `day` (the day it started).
  public mutating func add(_ record: LedgerRecord, onDay day: Int64) {
    latest = record.start.utc
    if let piece = builder.interval(record) { breaks.append(piece) }
    held.append((record, builder.entry(record, onDay: day)))
  }

  /// Calls `body` with each record whose bill is known, in the order added, with its bill
  /// (nil: it bills nothing). `finished`: no record follows, every one is given back.
  public mutating func settle(finished: Bool = false, _ body: (LedgerRecord, EntryBill?) -> Void) {
    while first < held.count {
      let (record, entry) = held[first]
      if let entry {
        let reach = record.kind == .focus ? max(entry.end, entry.start + Self.dayReach) : entry.end
        guard finished || latest >= reach else { break }
        body(record, price(entry, focus: record.kind == .focus))
      } else {
        body(record, nil)
      }
      first += 1
    }
    if first > 4096 && first * 2 > held.count {
      held.removeFirst(first)
      first = 0
    }
  }

  /// The bill of the next entry in order: less the breaks inside, rounded and priced on
  /// its line's running totals. nil for a focus on a day the work clock ran.
  private mutating func price(_ entry: BillingBuilder.Entry, focus: Bool) -> EntryBill? {
    if focus && builder.clockDays.contains(entry.day) { return nil }
    // Breaks ending by this start lie in no entry after it either.
    while firstBreak < breaks.count && breaks[firstBreak].end <= entry.start { firstBreak += 1 }
    if firstBreak > 4096 && firstBreak * 2 > breaks.count {
      breaks.removeFirst(firstBreak)
      firstBreak = 0
    }
    var billable = Int64(entry.seconds)
    for piece in breaks[firstBreak...] {
      if piece.start >= entry.end { break }
      if piece.machine == entry.machine { billable -= piece.inside(entry) }
    }
    billable = max(0, billable)
    let line = builder.lines[Int(entry.line)]
    while pricers.count <= Int(entry.line) { pricers.append(.init(rate: builder.lines[pricers.count].rate)) }
    let (rounded, amount) = pricers[Int(entry.line)].price(
      billable, onDay: entry.day, rule: builder.rules.settings.rounding)
    return EntryBill(
      rate: line.rate, billable: billable, rounded: rounded,
      amount: amount.flatMap { minor in line.rate.map { Money(minor: minor, currency: $0.perHour.currency) } }
    )
  }
}
