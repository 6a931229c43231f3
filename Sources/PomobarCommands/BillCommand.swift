import PomobarCore
import PomobarSystem

/// `pomobar bill RANGE --client NAME [--project NAME]... [--invoice ID] [--dry-run]`.
public struct BillRequest: Equatable {
  var range: RangeArgument
  var client: String? = nil
  var projects: [String] = []
  var invoice: String? = nil
  var dryRun = false
}

/// `pomobar bill`: marks the work of a range billed, as one appended edit
/// (`HistoryEdit.Operation.bill`), which syncs, folds and undoes as every edit does.
///
/// The records are those `export RANGE --kind work` writes (the work clock's records, and
/// focus sessions on a day without it) of the client's projects, or of `--project`: what
/// it marks is listed, with the count and the total time. A record billed before stays on
/// its bill, and is named with it.
enum BillCommand {
  static func run(_ context: Context, _ request: BillRequest) -> Int32 {
    let projects: Set<String>
    switch scope(request, config: context.config) {
    case .success(let names): projects = names
    case .failure(let message):
      Console.error("bill: " + message.text)
      return ExitCode.failure
    }
    let range = request.range.resolve(today: LocalZone.today())
    let history = context.history
    func selected() -> [LedgerRecord] {
      var selection = ExportSelection(.work, calendar: LedgerCalendar(context.config.ledger))
      let months = range.months
      history.forEachRecord(from: months.first, to: months.last) { selection.see($0) }
      var records: [LedgerRecord] = []
      history.forEachRecordInOrder(in: range) { record in
        if let project = record.project, projects.contains(project), selection.includes(record) {
          records.append(record)
        }
      }
      return records
    }
    if request.dryRun {
      do {
        let change = try plan(selected(), fold: history.fold(), invoice: request.invoice, scope: projects)
        Console.out("would have " + change.done + "\n(dry run: nothing written)\n")
      } catch let unchanged as EditCommands.Unchanged {
        Console.error("bill: \(unchanged.text)")
      } catch {
        Console.error("bill: \(error)")
        return ExitCode.failure
      }
      return ExitCode.success
    }
    return EditCommands.edit(context, "bill") { _, fold, _ in
      try plan(selected(), fold: fold, invoice: request.invoice, scope: projects)
    }
  }

  /// The projects a bill covers: the client's (`[projects.NAME] client`), narrowed to
  /// `--project` when given with it; or the `--project` names alone.
  static func scope(_ request: BillRequest, config: Config) -> Result<Set<String>, LedgerCommands.Message> {
    guard let client = request.client else { return .success(Set(request.projects)) }
    let own = config.projects(ofClient: client)
    guard !own.isEmpty else {
      return .failure(
        .init(
          text: "no project belongs to client '\(Shown.plain(client))': give one with "
            + "[projects.\"NAME\"] client = \"\(Shown.plain(client))\" in the config"))
    }
    guard !request.projects.isEmpty else { return .success(Set(own)) }
    if let stranger = request.projects.first(where: { !own.contains($0) }) {
      return .failure(
        .init(
          text: "'\(Shown.plain(stranger))' is not a project of client '\(Shown.plain(client))' "
            + "(its projects: \(own.map { "'\(Shown.plain($0))'" }.joined(separator: ", ")))"))
    }
    return .success(Set(request.projects))
  }

  /// The bill of `selected` (the range's records of the bill's projects, in order): the
  /// unbilled ones, and what it says (each record as `log` shows it, the count and the
  /// total time, and the records left on an earlier bill with it). Throws `Unchanged`
  /// when there is nothing to bill.
  static func plan(
    _ selected: [LedgerRecord], fold: HistoryFold, invoice: String?, scope: Set<String>
  ) throws -> HistoryChange {
    var billing: [LedgerRecord] = []
    var earlier: [(id: String, bill: BillMark)] = []
    for record in selected {
      if let bill = fold.bill(of: record.id) {
        earlier.append((record.id, bill))
      } else {
        billing.append(record)
      }
    }
    let names = scope.sorted().map { "'\(Shown.plain($0))'" }.joined(separator: ", ")
    let before = earlier.isEmpty ? nil : alreadyBilled(earlier)
    guard !billing.isEmpty else {
      throw EditCommands.Unchanged(
        text: "nothing to bill: "
          + (before ?? "no work of \(names) in the range"))
    }
    let seconds = billing.reduce(Int64(0)) { $0 + $1.seconds }
    var done =
      "billed \(LedgerCommands.count(billing.count, "record")) of \(names)"
      + (invoice.map { " on invoice '\(Shown.plain($0))'" } ?? "")
      + ", \(Correction.duration(seconds)) of work:\n"
    done += billing.map { "  " + EditCommands.shown($0) + "\n" }.joined()
    if let before { done += before + "\n" }
    return HistoryChange(
      HistoryEdit.Operation.bills(billing.map(\.id), invoice: invoice), String(done.dropLast()))
  }

  /// `2 records were billed before and stay so: 1a2b3c4, 5e6f7a8 (invoice 41, billed …)`.
  static func alreadyBilled(_ earlier: [(id: String, bill: BillMark)]) -> String {
    let one = earlier.count == 1
    return "\(LedgerCommands.count(earlier.count, "record")) \(one ? "was" : "were") billed before and "
      + "\(one ? "stays" : "stay") so: " + HistoryFold.billList(earlier)
  }

  /// Why an invoice id cannot be kept, nil when it can: one line of at most 100 bytes.
  static func invoiceProblem(_ invoice: String) -> String? {
    if invoice.isEmpty { return "--invoice needs an id, like 2026-042" }
    if invoice.utf8.count > 100 { return "--invoice: at most 100 bytes" }
    if invoice.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "--invoice: one line, without control characters"
    }
    return nil
  }
}
