/// Records as hledger reads time: its timeclock format (`hledger_timeclock(5)`), a
/// clock-in and a clock-out line per record, the account the project.
///
/// ```
/// i 2026-11-23 08:00 acme  fixed the login ; billable:, client_call:
/// o 2026-11-23 09:30 acme
/// ```
///
/// Times are the start's local clock without an offset (hledger reads every time as local
/// and ignores one); the clock-out is the clock-in plus the time that counted (a paused
/// record's counted time is put at its start, as in the tools' formats), so each session's
/// hours are right whatever zone or clock change lay between. hledger splits a session
/// across midnight itself. The clock-out names the account too: hledger 1.43 and later
/// pair a clock-out with the open session of its account (in order of time, several may
/// be open), earlier versions with the clock-in just before it.
enum TimeclockEncoder {
  /// The account of time without a project (hledger needs one), as Watson's frames have.
  static let noProject = ExportEncoder.noProject

  /// The two lines of one record, on the account of its `ExportEncoder.totalPath`
  /// (`acme`, `focus:acme`).
  static func entry(_ record: LedgerRecord, asWork: Bool) -> String {
    let path = ExportEncoder.totalPath(record, asWork: asWork)
    let name = path.isEmpty ? noProject : path.map(account).joined(separator: ":")
    let start = record.start.local
    let end = start + ExportEncoder.counted(record)
    var out = "i " + time(start) + " " + name
    let description = summary(record)
    if !description.isEmpty { out += "  " + description }
    return out + "\no " + time(end) + " " + name + "\n"
  }

  /// `2026-11-23 08:00`, `2026-11-23 08:00:30`.
  static func time(_ local: Int64) -> String {
    let (date, second) = CivilTime.split(local)
    return date.description + " " + ClockTime.text(second, withSeconds: true)
  }

  /// A project as an account name: one account per project, so a `:` (hledger's
  /// separator of sub-accounts) is written `：` (U+FF1A); a run of spaces (two end the
  /// name) or control characters is one space, and a `;` (a comment) `；` (U+FF1B).
  static func account(_ project: String) -> String {
    var out = String.UnicodeScalarView()
    for scalar in oneLine(project).unicodeScalars {
      switch scalar {
      case ":": out.append("\u{FF1A}")
      case " " where out.last == " ": continue
      default: out.append(scalar)
      }
    }
    return String(out)
  }

  /// The note on one line, then the tags as hledger tags in a comment:
  /// `fixed the login ; billable:, client_call:`. A tag's name cannot hold a space, a `:`
  /// or a `,`: each is written `_`.
  static func summary(_ record: LedgerRecord) -> String {
    var out = record.note.map(oneLine) ?? ""
    let tags = record.tags.map { tag in
      String(
        String.UnicodeScalarView(tag.unicodeScalars.map { " :,".unicodeScalars.contains($0) ? "_" : $0 }))
        + ":"
    }
    if !tags.isEmpty { out += (out.isEmpty ? "" : " ") + "; " + tags.joined(separator: ", ") }
    return out
  }

  /// Text on one line for hledger: control characters are spaces, a `;` (which starts a
  /// comment) `；`, and the text trimmed.
  static func oneLine(_ text: String) -> String {
    let scalars = KlogEncoder.oneLine(text).unicodeScalars.map { $0 == ";" ? "\u{FF1B}" : $0 }
    return String(String.UnicodeScalarView(scalars)).trimmedOfSpaces
  }
}
