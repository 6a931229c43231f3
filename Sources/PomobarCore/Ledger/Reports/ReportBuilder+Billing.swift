/// Billing in a report: the range's billable work priced, beside the times.
extension ReportBuilder {
  /// Gives a record to `billing`: a work record or focus session of the range (by the day
  /// it started, as it is billed) that passes `--project` and `--tag`, every day the work
  /// clock ran on (a focus is work only on a day it did not), and every break near the
  /// range (a break is taken out of the work it lies in, whatever the filters).
  mutating func addBilling(_ record: LedgerRecord) {
    let day = calendar.dayNumber(utc: record.start.utc, offset: record.start.offset)
    if record.kind.isBreak {
      if day <= last + 1 && (first.map { day >= $0 - 1 } ?? true) { billing?.addBreak(record) }
      return
    }
    guard record.kind == .work || record.kind == .focus, day <= last, first.map({ day >= $0 }) ?? true else {
      return
    }
    if record.kind == .work { billing?.clockRan(onDay: day) }
    if let filter, record.project != filter { return }
    if !tagFilter.isEmpty, !carriesEveryFilterTag(record) { return }
    billing?.addWork(record, onDay: day)
  }
}
