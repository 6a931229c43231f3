import Testing

@testable import PomobarCore

/// `export --format org`, as org-mode's manual writes clock lines ("Clocking Work Time":
/// `CLOCK: [2026-11-27 Fri 09:00]--[2026-11-27 Fri 10:30] =>  1:30` in a `:LOGBOOK:`
/// drawer); the e2e case `org-emacs` has Emacs add them up.
@Suite struct OrgTests {
  static func export(_ records: [LedgerRecord], kind: ExportKind = .work) -> String {
    var encoder = ExportEncoder(format: .org, kind: kind)
    return encoder.header() + records.map { encoder.element($0) }.joined() + encoder.footer()
  }

  @Test func aHeadingPerProjectHoldsItsClocksInItsLogbook() {
    let text = Self.export([
      TimeclockTests.record(
        "2026-11-23T08:00:00+01:00", "2026-11-23T09:30:00+01:00", project: "globex",
        tags: ["billable", "client call"], note: "fixed the\nlogin"),
      TimeclockTests.record(
        "2026-11-23T10:00:20+01:00", "2026-11-23T10:45:10+01:00", project: "Umbrella Corp"),
      TimeclockTests.record("2026-11-23T11:00:00+01:00", "2026-11-23T11:30:00+01:00"),
      TimeclockTests.record(
        "2026-11-23T13:00:00+01:00", "2026-11-23T14:00:00+01:00", seconds: 2400, project: "globex"),
      TimeclockTests.record("2026-11-27T22:30:00+01:00", "2026-11-28T09:15:00+01:00", project: "globex"),
    ])
    #expect(
      text == """
        * (no project)
        :LOGBOOK:
        CLOCK: [2026-11-23 Mon 11:00]--[2026-11-23 Mon 11:30] =>  0:30
        :END:
        * Umbrella Corp
        :LOGBOOK:
        CLOCK: [2026-11-23 Mon 10:00]--[2026-11-23 Mon 10:45] =>  0:45
        :END:
        * globex
        :LOGBOOK:
        CLOCK: [2026-11-23 Mon 08:00]--[2026-11-23 Mon 09:30] =>  1:30
        - +billable +"client call" fixed the login
        CLOCK: [2026-11-23 Mon 13:00]--[2026-11-23 Mon 13:40] =>  0:40
        CLOCK: [2026-11-27 Fri 22:30]--[2026-11-28 Sat 09:15] => 10:45
        :END:

        """)
  }

  /// With `--kind work` a focus is work on its project; with any other kind, focus
  /// sessions and breaks go under headings of their kind.
  @Test func focusAndBreaksHaveHeadingsOfTheirKindUnlessAllIsWork() {
    let focus = TimeclockTests.record(
      "2026-11-23T09:00:00+00:00", "2026-11-23T09:25:00+00:00", kind: .focus, project: "acme")
    let pause = TimeclockTests.record(
      "2026-11-23T09:25:00+00:00", "2026-11-23T09:40:00+00:00", kind: .longBreak)
    let clock = "CLOCK: [2026-11-23 Mon 09:00]--[2026-11-23 Mon 09:25] =>  0:25\n"
    #expect(Self.export([focus]) == "* acme\n:LOGBOOK:\n" + clock + ":END:\n")
    #expect(
      Self.export([focus, pause], kind: .all)
        == "* focus: acme\n:LOGBOOK:\n" + clock + ":END:\n"
        + "* long-break\n:LOGBOOK:\nCLOCK: [2026-11-23 Mon 09:25]--[2026-11-23 Mon 09:40] =>  0:15\n:END:\n")
  }

  @Test func nothingToExportIsAnEmptyFile() {
    #expect(Self.export([]) == "")
    #expect(ExchangeFormat.org.defaultKind == .work)
  }
}
