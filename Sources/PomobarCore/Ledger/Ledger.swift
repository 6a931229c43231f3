/// Turns the machine's records (times on the timer's timeline) into history records (wall
/// times with the local offset, and an id), and keeps today's totals in the state.
public struct Ledger {
  /// The local zone's offset at a UTC second.
  let zone: (Int64) -> Int32
  /// The transaction's clock reading: how instants map to wall-clock time.
  let now: ClockReading
  /// Seconds after local midnight at which days start.
  let dayStart: Int

  public init(zone: @escaping (Int64) -> Int32, now: ClockReading, dayStart: Int) {
    self.zone = zone
    self.now = now
    self.dayStart = dayStart
  }

  /// A moment on the timer's timeline as the wall-clock time it was, with its offset.
  public func wallTime(_ instant: Instant) -> WallTime {
    let ns = now.wall &+ (instant.nanoseconds &- now.boottime)
    let (seconds, rest) = ns.quotientAndRemainder(dividingBy: 1_000_000_000)
    let utc = rest < 0 ? seconds - 1 : seconds
    return WallTime(utc: utc, offset: zone(utc))
  }

  /// Today's day number and the UTC second it began.
  public var today: (day: Int64, start: Int64) {
    let current = wallTime(now.instant)
    let day = DayTotals.day(ofLocal: current.local, dayStart: dayStart)
    let localStart = day * 86_400 + Int64(dayStart)
    return (day, localStart - Int64(zone(localStart - Int64(current.offset))))
  }

  /// Today for the view model: its number and the moment it began on the timer's timeline.
  public var ledgerDay: LedgerDay {
    let (day, began) = today
    let nowUTC = wallTime(now.instant).utc
    return LedgerDay(day: day, start: now.instant - .seconds(nowUTC - began))
  }

  /// When the next ledger day begins, on the timer's timeline (a daylight-saving day is 23
  /// or 25 hours long).
  public var nextDayStart: Instant {
    let current = wallTime(now.instant)
    let day = DayTotals.day(ofLocal: current.local, dayStart: dayStart)
    let localStart = (day + 1) * 86_400 + Int64(dayStart)
    let begins = localStart - Int64(zone(localStart - Int64(current.offset)))
    return now.instant + .seconds(begins - current.utc)
  }

  /// The history records among `effects`, with ids `MACHINE.EPOCH.SERIAL`; work records
  /// are added to today's totals in `ledger`.
  public func records(
    _ effects: [Effect], epoch: String, machine: String, into ledger: inout LedgerState
  ) -> [LedgerRecord] {
    let (day, dayBegan) = today
    ledger.today = ledger.today.on(day)
    var records: [LedgerRecord] = []
    for case .record(let entry) in effects {
      let record = LedgerRecord(
        id: "\(machine).\(epoch).\(entry.serial)", kind: entry.kind, start: wallTime(entry.start),
        end: wallTime(entry.end), seconds: entry.seconds, project: entry.project, outcome: entry.outcome,
        internalInterruptions: entry.internalInterruptions,
        externalInterruptions: entry.externalInterruptions, gap: entry.gap, note: entry.note,
        tags: entry.tags, at: entry.added ? wallTime(now.instant) : nil,
        atNanoseconds: entry.added ? Int32(truncatingIfNeeded: now.wall % 1_000_000_000) : 0)
      records.append(record)
      ledger.today.add(workOf: record, dayBegan: dayBegan, today: day)
    }
    return records
  }
}
