import Foundation
import Testing

@testable import PomobarCore

/// View models covering each phase and the characters each format must escape.
///
/// Built with the memberwise initializer, every field filled, so the goldens don't move when
/// the view model's own text changes.
enum EncoderFixtures {
  static let idle = ViewModel(
    phase: .idle, paused: false, urgent: false, remainingSeconds: 1500, totalSeconds: 1500,
    percentage: 100, ring: "⣿", time: "25:00", dots: "○○○○", position: 1, cycleLength: 4,
    endsAt: nil, note: nil, color: "#8B8D98", fullText: "⣿ Ready 25:00 ○○○○",
    shortText: "⣿ 25:00", tooltip: "Ready: Focus 1 of 4, 25 min\nno focus sessions completed yet",
    name: "pomobar", instance: "pomodoro")

  static let focusRunning = ViewModel(
    phase: .focus, paused: false, urgent: false, remainingSeconds: 1453, totalSeconds: 1500,
    percentage: 97, ring: "⣿", time: "24:13", dots: "●●○○", position: 2, cycleLength: 4,
    endsAt: "14:37", note: nil, color: "#E54D2E", fullText: "⣿ Focus 24:13 ●●○○",
    shortText: "⣿ 24:13",
    tooltip: "Focus 2 of 4\n24:13 left, ends at 14:37\n1 focus session completed",
    name: "pomobar", instance: "pomodoro")

  static let paused = ViewModel(
    phase: .focus, paused: true, urgent: false, remainingSeconds: 600, totalSeconds: 1500,
    percentage: 40, ring: "⡇", time: "10:00", dots: "●●●○", position: 3, cycleLength: 4,
    endsAt: nil, note: "paused: suspended 42 min", color: "#8B8D98",
    fullText: "⡇ Focus paused 10:00 ●●●○ · suspended 42 min", shortText: "⡇ 10:00 ☾",
    tooltip:
      "Focus paused: 3 of 4\n10:00 left of 25:00\n2 focus sessions completed\npaused: suspended 42 min",
    name: "pomobar", instance: "pomodoro")

  static let focusDoneUrgent = ViewModel(
    phase: .focusDone, paused: false, urgent: true, remainingSeconds: 0, totalSeconds: 1500,
    percentage: 0, ring: "✓", time: "00:00", dots: "●●●●", position: 4, cycleLength: 4,
    endsAt: nil, note: nil, color: "#E54D2E", fullText: "✓ Focus done ●●●●", shortText: "✓ done",
    tooltip: "Focus 4 of 4 done: long break next\n4 focus sessions completed",
    name: "pomobar", instance: "pomodoro")

  static let longBreak = ViewModel(
    phase: .longBreak, paused: false, urgent: false, remainingSeconds: 899, totalSeconds: 900,
    percentage: 100, ring: "⣿", time: "14:59", dots: "●●●●", position: 4, cycleLength: 4,
    endsAt: "15:20", note: nil, color: "#46A758", fullText: "⣿ Long break 14:59 ●●●●",
    shortText: "⣿ 14:59",
    tooltip: "Long break after focus 4 of 4\n14:59 left, ends at 15:20\n4 focus sessions completed",
    name: "pomobar", instance: "pomodoro")

  /// Every character some format escapes: `"` and `\` (JSON), `&` `<` `>` (Pango), `#` (tmux),
  /// a tab, and a Nerd Font ring glyph outside the BMP (U+F0AA1, four bytes of UTF-8).
  static let specialCharacters = ViewModel(
    phase: .shortBreak, paused: false, urgent: false, remainingSeconds: 150, totalSeconds: 300,
    percentage: 50, ring: "\u{F0AA1}", time: "02:30", dots: "●○○○", position: 1, cycleLength: 4,
    endsAt: "09:05", note: #"config.toml:3: unknown key "wrok" & <more>"#, color: "#46a758",
    fullText: "\u{F0AA1} Break \"tea\" & <cake> #1 C:\\tmp 02:30 ●○○○",
    shortText: "\u{F0AA1} #1 02:30",
    tooltip: "Short break after focus 1 of 4\n02:30 left\tends at 09:05\n"
      + #"config.toml:3: unknown key "wrok" & <more>"#,
    name: "pomo\"bar", instance: "tomato#1")

  /// A Flowtime focus 12:34 in: no length, no end, a ring that fills per focus length.
  static let flowtime = {
    var view = ViewModel(
      phase: .focus, paused: false, urgent: false, remainingSeconds: 0, totalSeconds: 0,
      percentage: 50, ring: "⣇", time: "12:34", dots: "●●○○", position: 2, cycleLength: 4,
      endsAt: nil, note: nil, color: "#E54D2E", fullText: "⣇ Focus 12:34 ●●○○", shortText: "⣇ 12:34",
      tooltip: "Focus 2 of 4 · flowtime\n12:34 so far; break earned: 3 min\n1 focus session completed",
      name: "pomobar", instance: "pomodoro")
    (view.elapsedSeconds, view.flowtime) = (754, true)
    return view
  }()

  static let all: [(name: String, view: ViewModel)] = [
    ("idle", idle), ("focus-running", focusRunning), ("paused", paused),
    ("focus-done-urgent", focusDoneUrgent), ("long-break", longBreak),
    ("special-characters", specialCharacters), ("flowtime", flowtime),
  ]
  static let names = all.map(\.name)

  static func view(named name: String) -> ViewModel {
    all.first { $0.name == name }!.view
  }
}

/// Compares `actual` with `Golden/<relativePath>` byte for byte, or rewrites the golden file
/// in the source tree when `POMOBAR_UPDATE_GOLDEN=1` (review the diff before committing).
func expectGolden(
  _ actual: String, _ relativePath: String, sourceLocation: SourceLocation = #_sourceLocation
) throws {
  let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")
  if ProcessInfo.processInfo.environment["POMOBAR_UPDATE_GOLDEN"] == "1" {
    let url = sourceDirectory.appendingPathComponent(relativePath)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data(actual.utf8).write(to: url)
    return
  }
  let bundled = try #require(Bundle.module.resourceURL, sourceLocation: sourceLocation)
    .appendingPathComponent("Golden").appendingPathComponent(relativePath)
  guard let data = FileManager.default.contents(atPath: bundled.path) else {
    Issue.record(
      "missing golden \(relativePath); create it with POMOBAR_UPDATE_GOLDEN=1 swift test",
      sourceLocation: sourceLocation)
    return
  }
  let expected = String(decoding: data, as: UTF8.self)
  if expected != actual {
    Issue.record(
      Comment(rawValue: goldenDiff(expected: expected, actual: actual, path: relativePath)),
      sourceLocation: sourceLocation)
  }
}

/// A line-by-line diff with invisible characters spelled out (`\e`, `\r`, `\a`, `\t`, and
/// `\n` at each line's end), so a mismatch in escape bytes is readable in the test log.
func goldenDiff(expected: String, actual: String, path: String) -> String {
  func visible(_ line: Substring) -> String {
    var out = ""
    for scalar in line.unicodeScalars {
      switch scalar {
      case "\u{1B}": out += "\\e"
      case "\r": out += "\\r"
      case "\u{07}": out += "\\a"
      case "\t": out += "\\t"
      case "\\": out += "\\\\"
      case "\u{0}"..."\u{1F}", "\u{7F}": out += "\\u{\(String(scalar.value, radix: 16))}"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
  /// Each line with `\n` shown where it ended, so "a\n" and "a" differ visibly.
  func lines(_ text: String) -> [String] {
    var pieces = text.split(separator: "\n", omittingEmptySubsequences: false).map(visible)
    for index in pieces.indices.dropLast() { pieces[index] += "\\n" }
    if pieces.last == "" { pieces.removeLast() }
    return pieces
  }
  let old = lines(expected)
  let new = lines(actual)
  let firstByte = zip(expected.utf8, actual.utf8).prefix { $0 == $1 }.count
  var report = [
    "golden mismatch: \(path), first difference at byte \(firstByte)",
    "(to accept the new output: POMOBAR_UPDATE_GOLDEN=1 swift test, then review the diff)",
    "--- expected", "+++ actual",
  ]
  for index in 0..<max(old.count, new.count) {
    let before = index < old.count ? old[index] : nil
    let after = index < new.count ? new[index] : nil
    if before == after {
      report.append("  " + (before ?? ""))
    } else {
      if let before { report.append("- " + before) }
      if let after { report.append("+ " + after) }
    }
  }
  return report.joined(separator: "\n")
}

@Suite("Encoder golden files")
struct EncoderGoldenTests {
  @Test(arguments: OutputFormat.allCases, EncoderFixtures.names)
  func firstFrameMatchesGolden(format: OutputFormat, fixture: String) throws {
    var encoder = makeEncoder(format)
    let frame = encoder.frame(EncoderFixtures.view(named: fixture))
    try expectGolden(frame, "\(format.rawValue)/\(fixture).txt")
  }

  /// The whole byte stream a bar sees: the header, `[`, then frames, every one after the
  /// first opening with `,` (swaybar-protocol(7)).
  @Test func i3barSequenceShowsHeaderAndLeadingCommas() throws {
    var encoder = makeEncoder(.i3bar)
    var out = encoder.header()
    for view in [EncoderFixtures.idle, EncoderFixtures.focusRunning, EncoderFixtures.paused] {
      out += encoder.frame(view)
    }
    try expectGolden(out, "i3bar/sequence.txt")
  }

  /// Polybar's click commands: the binary's path shell-quoted, `:` written `\:`, amounts as
  /// `extend 5m`, and no tag for a button mapped to `none`.
  @Test func polybarClickTagsFollowTheClickMap() throws {
    var clicks = ClickMap()
    clicks.middle = .none
    clicks.scrollUp = .extend(.seconds(300))
    clicks.scrollDown = .shorten(.seconds(90))
    var view = EncoderFixtures.focusRunning
    view.clicks = clicks
    var encoder = makeEncoder(.polybar, command: "/opt/a:b/it's/pomobar")
    try expectGolden(encoder.frame(view), "polybar/custom-clicks.txt")
  }

  /// Frames redraw one line, with the key help as when keys are read; the bell rings once,
  /// when urgent turns on, not on every frame.
  @Test func ttySequenceRingsTheBellOnce() throws {
    var encoder = makeEncoder(.tty, interactive: true)
    var out = encoder.header()
    for view in [
      EncoderFixtures.focusRunning, EncoderFixtures.focusDoneUrgent, EncoderFixtures.focusDoneUrgent,
      EncoderFixtures.idle,
    ] {
      out += encoder.frame(view)
    }
    try expectGolden(out, "tty/sequence.txt")
  }

  @Test func goldenDiffShowsChangedLinesWithEscapesSpelledOut() {
    let diff = goldenDiff(expected: "a\n\u{1B}[0mb\n", actual: "a\n\u{1B}[1mb\n", path: "x/y.txt")
    #expect(
      diff == """
        golden mismatch: x/y.txt, first difference at byte 4
        (to accept the new output: POMOBAR_UPDATE_GOLDEN=1 swift test, then review the diff)
        --- expected
        +++ actual
          a\\n
        - \\e[0mb\\n
        + \\e[1mb\\n
        """)
  }
}
