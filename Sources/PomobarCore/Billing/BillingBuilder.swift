/// Adds up billable time and money from records given one at a time, in any order.
///
/// Work records are kept small (times, a line and a day), Pomodoro breaks beside them;
/// `report()` takes each break out of the work it lies in (on the same machine), then
/// rounds and prices. Raw time is what is kept: rounding happens only there, at the end.
public struct BillingBuilder {
  public let rules: BillingRules
  /// Keep each entry's record, for `timesheet()`.
  let keepsRecords: Bool
  var entries: [Entry] = []
  /// Focus sessions: billed as work on a day without the work clock, as reports count
  /// work (`billed`).
  var focusEntries: [Entry] = []
  /// The days the work clock ran on, whether or not its records bill.
  var clockDays: Set<Int32> = []
  /// Records added as entries so far (an entry's `order`).
  var added: Int32 = 0
  var breaks: [Interval] = []
  var lines: [Line] = []
  /// Each project's terms and the lines it has so far, looked up by name once (records
  /// come in runs of a project: the last one is compared before hashing).
  var projects: [Known] = []
  var projectSlots: [String?: Int] = [:]
  var lastProject: Int? = nil
  var machines: [String: Int32] = [:]
  /// The machine of the last record, as the bytes its ids start with (its name and a
  /// dot): records come a file, one machine's, at a time.
  var lastMachine: (prefix: [UInt8], slot: Int32)? = nil
  /// Each entry's record, by `order` (with `keepsRecords`).
  var records: [LedgerRecord] = []

  /// A project as billing has met it.
  struct Known {
    var name: String?
    var terms: BillingRules.ProjectTerms
    /// Its lines: a rate each.
    var lines: [(rate: Rate?, slot: Int32)] = []
  }

  /// One billing line: a project at one rate (a tag's rate is a line of its own).
  struct Line {
    var project: String?
    var client: String?
    var rate: Rate?
  }

  /// A work record as billing keeps it: 32 bytes, so a million of them fit in 32 MiB.
  struct Entry {
    var start: Int64
    /// Seconds from start to end (a record spans at most decades).
    var length: Int32
    /// Counted seconds, less the breaks inside once `report` has taken them out.
    var seconds: Int32
    var day: Int32
    var line: Int32
    var machine: Int32
    /// Its place among the entries added.
    var order: Int32

    var end: Int64 { start + Int64(length) }
  }

  /// A break: its span and counted seconds.
  struct Interval {
    var start: Int64
    var length: Int32
    var seconds: Int32
    var machine: Int32

    var end: Int64 { start + Int64(length) }

    /// The time of this break that `entry` is billed less: its overlap with the entry, at
    /// most its counted seconds (the machines are the caller's to match).
    func inside(_ entry: Entry) -> Int64 {
      let overlap = min(end, entry.end) - max(start, entry.start)
      return overlap > 0 ? min(overlap, Int64(seconds)) : 0
    }
  }

  public init(rules: BillingRules, keepingRecords: Bool = false) {
    self.rules = rules
    self.keepsRecords = keepingRecords
  }

  /// Adds a work record or a focus session done on the ledger day `day` (the day it
  /// started): billed at that day's rate, if billable; a focus only if the work clock did
  /// not run that day. Breaks are `addBreak`'s.
  public mutating func addWork(_ record: LedgerRecord, onDay day: Int64) {
    guard let entry = entry(record, onDay: day) else { return }
    if keepsRecords { records.append(record) }
    if record.kind == .work { entries.append(entry) } else { focusEntries.append(entry) }
  }

  /// The entry of a work record or a focus session done on the ledger day `day`, nil when
  /// it bills nothing; its line is made if new. A work record notes that the clock ran.
  mutating func entry(_ record: LedgerRecord, onDay day: Int64) -> Entry? {
    guard record.kind == .work || record.kind == .focus else { return nil }
    if record.kind == .work { clockRan(onDay: day) }
    let known = project(record.project)
    guard let terms = rules.terms(record, onDay: day, of: projects[known].terms) else { return nil }
    let slot: Int32
    if let line = projects[known].lines.first(where: { $0.rate == terms.rate }) {
      slot = line.slot
    } else {
      slot = Int32(lines.count)
      lines.append(Line(project: record.project, client: terms.client, rate: terms.rate))
      projects[known].lines.append((terms.rate, slot))
    }
    defer { added += 1 }
    return Entry(
      start: record.start.utc, length: Int32(clamping: max(0, record.end.utc - record.start.utc)),
      seconds: Int32(clamping: record.seconds), day: Int32(clamping: day), line: slot,
      machine: machine(of: record), order: added)
  }

  /// Notes that the work clock ran on `day`, for a work record left out of the billing
  /// (another project's, under `--project`): that day's focus sessions are not work.
  public mutating func clockRan(onDay day: Int64) {
    clockDays.insert(Int32(clamping: day))
  }

  /// What is billed: the work clock's records, and the focus sessions of the days it did
  /// not run on.
  var billed: [Entry] {
    focusEntries.isEmpty ? entries : entries + focusEntries.filter { !clockDays.contains($0.day) }
  }

  /// Adds a Pomodoro break: the part of it inside a billable work record of the same
  /// machine is not billed (unless `bill-breaks`).
  public mutating func addBreak(_ record: LedgerRecord) {
    if let piece = interval(record) { breaks.append(piece) }
  }

  /// A break as billing keeps it; nil when it takes nothing out (not a break, no time, or
  /// `bill-breaks`).
  mutating func interval(_ record: LedgerRecord) -> Interval? {
    guard record.kind.isBreak, !rules.settings.billBreaks, record.seconds > 0 else { return nil }
    return Interval(
      start: record.start.utc, length: Int32(clamping: max(0, record.end.utc - record.start.utc)),
      seconds: Int32(clamping: record.seconds), machine: machine(of: record))
  }

  /// The place of `name` in `projects`, met now if not before.
  private mutating func project(_ name: String?) -> Int {
    if let last = lastProject, projects[last].name == name { return last }
    let index: Int
    if let known = projectSlots[name] {
      index = known
    } else {
      index = projects.count
      projects.append(Known(name: name, terms: rules.projectTerms(name)))
      projectSlots[name] = index
    }
    lastProject = index
    return index
  }

  /// The machine a record was made on: its id up to the first dot.
  private mutating func machine(of record: LedgerRecord) -> Int32 {
    let id = record.id.utf8
    // On the id's bytes in place: `starts(with:)` over two `UTF8View`s cost 750
    // instructions a record.
    if let last = lastMachine,
      id.withContiguousStorageIfAvailable({ $0.starts(with: last.prefix) }) ?? id.starts(with: last.prefix)
    {
      return last.slot
    }
    let name = String(id.prefix { $0 != UInt8(ascii: ".") })!
    let slot = machines[name] ?? Int32(machines.count)
    machines[name] = slot
    lastMachine = (Array(name.utf8) + [UInt8(ascii: ".")], slot)
    return slot
  }

  /// Each entry's billable seconds: its counted seconds less the breaks that overlap it
  /// (each break's overlap at most the break's own counted time).
  func withoutBreaks() -> [Entry] {
    var entries = billed
    guard !breaks.isEmpty else { return entries }
    entries.sort { ($0.machine, $0.start) < ($1.machine, $1.start) }
    let breaks = self.breaks.sorted { ($0.machine, $0.start) < ($1.machine, $1.start) }
    var first = 0
    for index in entries.indices {
      let entry = entries[index]
      while first < breaks.count,
        (breaks[first].machine, breaks[first].end) <= (entry.machine, entry.start)
      {
        first += 1
      }
      var next = first
      var inside: Int64 = 0
      while next < breaks.count, breaks[next].machine == entry.machine, breaks[next].start < entry.end {
        inside += breaks[next].inside(entry)
        next += 1
      }
      entries[index].seconds = Int32(max(0, Int64(entry.seconds) - inside))
    }
    return entries
  }

  /// Every entry's billing, in line order, then by start: rounded per the rule, priced
  /// at its line's rate (`amount` in minor units, nil without a rate). Within a scope (an
  /// entry, a line's day, a line's range) an entry's rounded time is what rounding the
  /// running total adds, and its amount what pricing the line's running total adds, so the
  /// entries add up to the rounded total and the line's amount exactly.
  func forEachPriced(_ body: (_ entry: Entry, _ rounded: Int64, _ amount: Int64?) -> Void) {
    var entries = withoutBreaks()
    entries.sort { ($0.line, $0.start, $0.order) < ($1.line, $1.start, $1.order) }
    var currentLine: Int32 = -1
    var pricer = LinePricer(rate: nil)
    for entry in entries {
      if entry.line != currentLine {
        currentLine = entry.line
        pricer = LinePricer(rate: lines[Int(entry.line)].rate)
      }
      let (rounded, amount) = pricer.price(
        Int64(entry.seconds), onDay: entry.day, rule: rules.settings.rounding)
      body(entry, rounded, amount)
    }
  }

  /// One line's running totals: each entry, in order of start, is rounded and priced as
  /// what it adds to them.
  struct LinePricer {
    let rate: Rate?
    var rounded: Int64 = 0
    var amount: Int64 = 0
    /// Raw seconds so far: of the line (per invoice), of each day (per day).
    var raw: Int64 = 0
    var dayRaw: [Int32: Int64] = [:]

    init(rate: Rate?) { self.rate = rate }

    /// The rounded seconds and the amount (minor units, nil without a rate) of an entry of
    /// `seconds` billable on `day`.
    mutating func price(_ seconds: Int64, onDay day: Int32, rule: BillingRounding) -> (Int64, Int64?) {
      let counted = rule.atLeastMinimum(seconds)
      let rounded: Int64
      switch rule.scope {
      case .entry:
        rounded = rule.round(counted)
      case .invoice:
        rounded = rule.round(raw + counted) - rule.round(raw)
        raw += counted
      case .day:
        let before = dayRaw[day, default: 0]
        rounded = rule.round(before + counted) - rule.round(before)
        dayRaw[day] = before + counted
      }
      self.rounded += rounded
      guard let rate else { return (rounded, nil) }
      let total = rate.amount(self.rounded).minor
      defer { amount = total }
      return (rounded, total - amount)
    }
  }

  /// The lines, the clients and the totals.
  public func report() -> BillingReport {
    var sums = lines.map { line in
      BillingReport.Line(
        project: line.project, client: line.client, rate: line.rate, entries: 0, seconds: 0, billable: 0,
        rounded: 0, amount: line.rate.map { Money(minor: 0, currency: $0.perHour.currency) })
    }
    var counted = [Int64](repeating: 0, count: lines.count)
    for entry in billed { counted[Int(entry.line)] += Int64(entry.seconds) }
    forEachPriced { entry, rounded, amount in
      let slot = Int(entry.line)
      sums[slot].entries += 1
      sums[slot].billable += Int64(entry.seconds)
      sums[slot].rounded += rounded
      if let amount { sums[slot].amount?.minor += amount }
    }
    for slot in sums.indices { sums[slot].seconds = counted[slot] }
    // A line met only by focus sessions of days the clock ran on bills nothing.
    return BillingReport(
      rule: rules.settings.rounding, billsBreaks: rules.settings.billBreaks,
      lines: sums.filter { $0.entries > 0 })
  }
}

/// One record's billing, for an export's columns.
public struct EntryBill: Equatable, Sendable {
  public var rate: Rate?
  /// Counted seconds less the breaks inside.
  public var billable: Int64
  public var rounded: Int64
  /// nil: billable without a rate.
  public var amount: Money?
}
