/// One line per frame for a polybar `custom/script` module with `tail = true`.
///
/// Polybar never writes to the script, so clicks are action tags around the text:
/// `%{A1:command:}` ... `%{A}`, one per mapped button, nested (polybar's formatting tags).
/// Polybar runs each command with `sh -c`, so the command is `'<pomobar>' ctl ACTION`, with
/// the binary's absolute path shell-quoted: the bar's `PATH` may not hold pomobar. Options
/// the bar's copy was started with that change what `ctl` does (`--config FILE`) follow
/// `ctl`, so a click acts with the same settings as the bar. Colour is a `%{F#rrggbb}`
/// tag, reset by `%{F-}`.
public struct PolybarEncoder: BarEncoder {
  /// `'<pomobar>' ctl [OPTIONS]`, shell-quoted: what every click command starts with.
  let program: String

  /// `command` is the pomobar binary the click commands run, `ctlOptions` the options
  /// they pass it.
  public init(command: String, ctlOptions: [String] = []) {
    program = ([Self.shellQuote(command), "ctl"] + ctlOptions.map(Self.shellQuote))
      .joined(separator: " ")
  }

  public func header() -> String { "" }

  public var clockFields: ClockFields? { [] }

  public mutating func frame(_ view: ViewModel) -> String {
    let color = HexColor(view.color)
    var text =
      view.bar.flatMap { bar in color.map { bar.polybar(view.fullText.singleLine, color: $0) } }
      ?? Self.escape(view.fullText.singleLine)
    // Buttons 5 to 1 from the inside out, so that button 1's tag is the outermost.
    for button in ClickMap.buttons.reversed() {
      guard let action = view.clicks.action(for: button), let ctl = Self.ctlArguments(action)
      else { continue }
      text = "%{A\(button.rawValue):" + Self.escapeAction(program + " " + ctl) + ":}" + text + "%{A}"
    }
    guard let color else { return text + "\n" }
    return "%{F\(color.hex)}" + text + "%{F-}\n"
  }

  /// The `pomobar ctl` arguments for `action`, shell-quoted where needed; nil for `none`,
  /// which gets no tag.
  static func ctlArguments(_ action: Action) -> String? {
    guard action != .none else { return nil }
    return action.ctlWords.map { word in
      word.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == UInt8(ascii: "-") }
        ? word : shellQuote(word)
    }.joined(separator: " ")
  }

  /// `text` in single quotes for `sh`, each `'` written `'\''`.
  static func shellQuote(_ text: String) -> String {
    "'" + text.replacingASCII { $0 == UInt8(ascii: "'") ? #"'\''"# : nil } + "'"
  }

  /// Each `:` written `\:`: polybar ends an action's command at the first bare `:`.
  static func escapeAction(_ command: String) -> String {
    command.replacingASCII { $0 == UInt8(ascii: ":") ? #"\:"# : nil }
  }

  /// Each `%` followed by an empty offset tag, `%{O0}`, so that no `%{` in the text opens a tag.
  ///
  /// Polybar's tag parser has no escape for `%` (tags/parser.cpp): a `%` shows as itself
  /// unless `{` follows, and the zero offset in between draws nothing.
  static func escape(_ text: String) -> String {
    text.replacingASCII { $0 == UInt8(ascii: "%") ? "%%{O0}" : nil }
  }
}
