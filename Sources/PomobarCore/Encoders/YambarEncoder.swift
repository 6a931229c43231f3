/// A transaction of tags per frame for yambar's `script` module in continuous mode (no
/// `poll-interval`): `name|type|value` lines, ended by an empty line
/// (yambar-modules-script(5)).
///
/// Tags: `text` and `short` (what other bars show, long and compact), `phase`, `paused`,
/// `urgent`, `ending`, `working`, `problem` (bool: ⚠ shows in the text), `remaining`
/// (int, seconds; 0 for a Flowtime focus, which counts up), `percentage` (`range:0-100`,
/// how much of the phase remains; a Flowtime focus: how full its ring is), `color` (the
/// phase's colour as yambar spells colours, `rrggbbaa`) and `work` (the work clock's
/// text, empty when it does not show). yambar reads a line up to its newline, so each
/// value is one line; its particles draw text without markup, so nothing else is escaped.
/// A click runs a command of yambar's config (`on-click`): `pomobar ctl ACTION`, see
/// contrib/yambar/config.yml.
public struct YambarEncoder: BarEncoder {
  public init() {}

  public func header() -> String { "" }

  public mutating func frame(_ view: ViewModel) -> String {
    let tags: [(String, String, String)] = [
      ("text", "string", view.fullText.singleLine),
      ("short", "string", view.shortText.singleLine),
      ("phase", "string", view.phase.rawValue),
      ("paused", "bool", String(view.paused)),
      ("urgent", "bool", String(view.urgent)),
      ("ending", "bool", String(view.isEnding)),
      ("working", "bool", String(view.work?.running == true)),
      ("problem", "bool", String(view.problem != nil)),
      ("remaining", "int", String(view.remainingSeconds)),
      ("percentage", "range:0-100", String(view.percentage)),
      ("color", "string", HexColor(view.color).map { String($0.hex.dropFirst()) + "ff" } ?? ""),
      ("work", "string", view.work?.text.singleLine ?? ""),
    ]
    return tags.map { "\($0.0)|\($0.1)|\($0.2)\n" }.joined() + "\n"
  }
}
