import Testing

@testable import PomobarCore

/// `export --format timeclock`, line by line as hledger reads it (`hledger_timeclock(5)`);
/// the e2e case `hledger` reads it with the real hledger.
@Suite struct TimeclockTests {
  static func export(_ records: [LedgerRecord], kind: ExportKind = .work) -> String {
    var encoder = ExportEncoder(format: .timeclock, kind: kind)
    return encoder.header() + records.map { encoder.element($0) }.joined() + encoder.footer()
  }

  static func record(
    _ start: String, _ end: String, kind: LedgerRecord.Kind = .work, seconds: Int64? = nil,
    project: String? = nil, tags: [String] = [], note: String? = nil
  ) -> LedgerRecord {
    var record = ledgerRecord(kind, start, end, seconds: seconds, project: project)
    record.tags = tags
    record.note = note
    return record
  }

  @Test func aRecordIsAClockInAndAClockOutOnItsProjectsAccount() {
    let text = Self.export([
      Self.record(
        "2026-11-23T08:00:00+01:00", "2026-11-23T09:30:00+01:00", project: "acme",
        tags: ["billable", "client call"], note: "fixed the\nlogin"),
      Self.record("2026-11-23T10:00:20+01:00", "2026-11-23T10:45:00+01:00", project: "globex"),
      Self.record("2026-11-23T11:00:00+01:00", "2026-11-23T11:30:00+01:00"),
      Self.record("2026-11-23T12:00:00+01:00", "2026-11-23T12:30:00+01:00", tags: ["a:b,c"]),
    ])
    #expect(
      text == """
        i 2026-11-23 08:00 acme  fixed the login ; billable:, client_call:
        o 2026-11-23 09:30 acme
        i 2026-11-23 10:00:20 globex
        o 2026-11-23 10:45 globex
        i 2026-11-23 11:00 (no project)
        o 2026-11-23 11:30 (no project)
        i 2026-11-23 12:00 (no project)  ; a_b_c:
        o 2026-11-23 12:30 (no project)

        """)
  }

  /// One account per project: nothing in a name makes a sub-account, ends the account or
  /// starts a comment; nor does a note start a comment.
  @Test func aNameIsOneAccountWhateverItHolds() {
    #expect(TimeclockEncoder.account("Umbrella Corp") == "Umbrella Corp")
    #expect(TimeclockEncoder.account("client: x") == "client\u{FF1A} x")
    #expect(TimeclockEncoder.account("a  b\tc;d") == "a b c\u{FF1B}d")
    #expect(TimeclockEncoder.account(" (old) ") == "(old)")
    let text = Self.export([
      Self.record(
        "2026-11-23T08:00:00+00:00", "2026-11-23T09:00:00+00:00", project: "acme:web", note: "a; b:c")
    ])
    #expect(text == "i 2026-11-23 08:00 acme\u{FF1A}web  a\u{FF1B} b:c\no 2026-11-23 09:00 acme\u{FF1A}web\n")
  }

  /// The clock-out is the clock-in plus the time that counted: a pause is left out at the
  /// end, a session past midnight ends the next day (hledger splits it), and a record
  /// across a clock change keeps its length on the start's clock.
  @Test func theClockOutIsTheStartPlusTheCountedTime() {
    let text = Self.export([
      Self.record("2026-11-23T13:00:00+01:00", "2026-11-23T14:00:00+01:00", seconds: 2430, project: "a"),
      Self.record("2026-11-23T22:30:00+01:00", "2026-11-24T00:45:00+01:00", project: "a"),
      Self.record("2026-10-25T01:30:00+02:00", "2026-10-25T02:30:00+01:00", project: "a"),
      Self.record("2026-11-25T09:00:00-05:00", "2026-11-25T10:00:00-05:00", project: "a"),
    ])
    #expect(
      text == """
        i 2026-11-23 13:00 a
        o 2026-11-23 13:40:30 a
        i 2026-11-23 22:30 a
        o 2026-11-24 00:45 a
        i 2026-10-25 01:30 a
        o 2026-10-25 03:30 a
        i 2026-11-25 09:00 a
        o 2026-11-25 10:00 a

        """)
  }

  /// With `--kind work` a focus is work on its project; with any other kind, focus
  /// sessions and breaks go to accounts of their kind, apart from the work they lie in.
  @Test func focusAndBreaksHaveAccountsOfTheirKindUnlessAllIsWork() {
    let focus = Self.record(
      "2026-11-23T09:00:00+00:00", "2026-11-23T09:25:00+00:00", kind: .focus, project: "acme")
    let pause = Self.record("2026-11-23T09:25:00+00:00", "2026-11-23T09:30:00+00:00", kind: .shortBreak)
    #expect(Self.export([focus]) == "i 2026-11-23 09:00 acme\no 2026-11-23 09:25 acme\n")
    #expect(
      Self.export([focus, pause], kind: .all)
        == "i 2026-11-23 09:00 focus:acme\no 2026-11-23 09:25 focus:acme\n"
        + "i 2026-11-23 09:25 short-break\no 2026-11-23 09:30 short-break\n")
  }

  @Test func nothingToExportIsAnEmptyFile() {
    #expect(Self.export([]) == "")
    #expect(ExchangeFormat.timeclock.defaultKind == .work)
  }
}
