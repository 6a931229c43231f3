import PomobarCore
import PomobarSystem

/// `pomobar export [RANGE] --format FORMAT [--focus] [--kind KIND]`: the history to
/// stdout, streamed.
enum ExportCommand {
  static func run(
    _ context: Context, _ argument: RangeArgument, _ format: ExchangeFormat, focus: Bool, kind: ExportKind
  ) -> Int32 {
    let history = context.history
    let range = argument.resolve(today: LocalZone.today())
    let calendar = LedgerCalendar(context.config.ledger)
    var selection = ExportSelection(kind, calendar: calendar)
    if selection.needsFirstPass {
      let months = range.months
      history.forEachRecord(from: months.first, to: months.last) { selection.see($0) }
    }
    let selected = selection
    let forEachRecord = { (body: (LedgerRecord) -> Void) in
      history.forEachRecordInOrder(in: range) { if selected.includes($0) { body($0) } }
    }
    var total = 0
    if format == .timewarrior {
      // timewarrior numbers intervals from the latest (@1) back: count them first.
      total = ExportEncoder.intervalCount(forEachRecord)
    }
    let stamp = LocalZone.wallTime(wall: context.store.now().wall).utc
    var encoder = ExportEncoder(
      format: format, total: total, calendar: ICalendarEncoder(stamp: stamp, focus: focus), ledger: calendar,
      kind: kind)
    // A task column whenever `[tasks]` has a source, whatever the range holds: a
    // spreadsheet's columns stay the same from one export to the next, and the range is
    // read once. Without one, the CSV is as it was before tasks.
    encoder.tasks = context.config.tasks.source != .none
    let fold = history.billFold()
    if fold.isBilling { encoder.billMarks = fold }
    let billing = BillingRules(context.config)
    encoder.billing = format == .csv && billing.isOn
    var output = OutputBuffer()
    output.add(encoder.header())
    if encoder.billing {
      // Billing is worked out over the range as it is read (breaks, rounding per day or
      // range), whatever `--kind` keeps: a row's amount is the same in every export of the
      // range. Each row waits for what can still change its bill (a few days at most).
      var bills = BillingStream(rules: billing)
      let write = { (record: LedgerRecord, bill: EntryBill?) in
        if selected.includes(record) { output.add { encoder.element(record, bill: bill, into: &$0) } }
      }
      history.forEachRecordInOrder(in: range) { record in
        bills.add(record, onDay: calendar.day(of: record.start).dayNumber)
        bills.settle(write)
      }
      bills.settle(finished: true, write)
    } else {
      forEachRecord { record in output.add { encoder.element(record, into: &$0) } }
    }
    output.add(encoder.footer())
    return output.flush() ? ExitCode.success : ExitCode.failure
  }
}

/// Text for stdout, written in 64 KiB blocks.
struct OutputBuffer {
  private var bytes: [UInt8] = []
  private var failed = false

  mutating func add(_ text: String) {
    add { $0 += text.utf8 }
  }

  /// Adds what `write` adds to the pending bytes.
  mutating func add(_ write: (inout [UInt8]) -> Void) {
    write(&bytes)
    if bytes.count >= 1 << 16 { _ = flush() }
  }

  /// Writes what is pending; false once a write failed (a closed pipe).
  mutating func flush() -> Bool {
    if !failed && !bytes.isEmpty {
      do {
        try FileDescriptor.standardOutput.write(bytes)
      } catch {
        failed = true
        Console.error("cannot write the output: \(error)")
      }
    }
    bytes.removeAll(keepingCapacity: true)
    return !failed
  }
}
