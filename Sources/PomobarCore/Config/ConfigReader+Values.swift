import TOML

/// The typed values of config keys: each checks its node and says what is expected.
///
/// Messages quote what the user wrote through `Shown`, so a control character in a value
/// cannot break the message line or drive the terminal.
extension Reader {
  func string(_ node: TOMLNode, _ key: String) throws(ConfigError) -> String {
    guard case .string(let value) = node.value else {
      throw error(node.position, "'\(key)' must be a string, not \(article(node.value))")
    }
    return value
  }

  func boolean(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Bool {
    guard case .boolean(let value) = node.value else {
      throw error(node.position, "'\(key)' must be true or false, not \(article(node.value))")
    }
    return value
  }

  func integer(_ node: TOMLNode, _ key: String, in range: ClosedRange<Int64>) throws(ConfigError) -> Int64 {
    guard case .integer(let value) = node.value else {
      throw error(node.position, "'\(key)' must be an integer, not \(article(node.value))")
    }
    guard range.contains(value) else {
      throw error(node.position, "'\(key)' must be from \(range.lowerBound) to \(range.upperBound)")
    }
    return value
  }

  /// A bare number is minutes; one that makes a break over 12 hours, or anything else
  /// over a day (a week's goal over a week), was meant otherwise (`short-break = "1500"`,
  /// seconds as other tools write them).
  func checkBare(_ minutes: Int64, _ node: TOMLNode, _ key: String) throws(ConfigError) {
    let limit: Int64 = key.hasSuffix("break") ? 12 * 60 : key.hasPrefix("weekly") ? 7 * 24 * 60 : 24 * 60
    guard minutes > limit else { return }
    let hours = Double(minutes) / 60
    throw error(
      node.position,
      "'\(key)' = \(minutes) reads as \(minutes) minutes (\(DurationFormat.format(.seconds(minutes * 60)))), more "
        + "than \(limit / 60) hours; write the unit: \"\(minutes)s\" for seconds, \"\(Int(hours.rounded()))h\" for hours")
  }

  /// A duration: a string like `"25m"`, `"1h30m"`, `"90s"`, or an integer number of minutes.
  func duration(_ node: TOMLNode, _ key: String, orFalse: Bool = false) throws(ConfigError) -> Duration {
    let form = orFalse ? "a duration like \"1h\" or false" : "a duration like \"25m\""
    let tooLong = "'\(key)' is out of range: at most a week"
    switch node.value {
    case .string(let text):
      switch DurationFormat.read(text) {
      case .duration(let value):
        if text.allSatisfy(\.isNumber), let minutes = Int64(text) { try checkBare(minutes, node, key) }
        return value
      case .tooLong:
        throw error(node.position, "\(tooLong) (168h), not \(Shown.quoted(text))")
      case .unreadable where text.drop { $0 == " " }.first == "-":
        throw error(node.position, "'\(key)' must not be negative")
      case .unreadable(let refusal):
        throw error(
          source.position(of: refusal.offset, inStringAt: node.position),
          "'\(key)': \(refusal.message(Shown.quoted(text)))")
      }
    case .integer(let minutes) where minutes < 0:
      throw error(node.position, "'\(key)' must not be negative")
    case .integer(let minutes) where minutes <= DurationFormat.maximum.floorSeconds / 60:
      try checkBare(minutes, node, key)
      return .seconds(minutes * 60)
    case .integer:
      throw error(node.position, "\(tooLong) (10080 minutes)")
    case .float, .boolean, .array, .table:
      throw error(node.position, "'\(key)' must be \(form), not \(article(node.value))")
    }
  }

  func phaseLength(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Duration {
    let value = try duration(node, key)
    guard value >= .seconds(1) else { throw error(node.position, "'\(key)' must be at least 1s") }
    return value
  }

  /// A duration of at least a second, or `false` for none.
  func phaseLength(_ node: TOMLNode, _ key: String, orFalse: Bool) throws(ConfigError) -> Duration? {
    if case .boolean(false) = node.value { return nil }
    let value = try duration(node, key, orFalse: true)
    guard value >= .seconds(1) else { throw error(node.position, "'\(key)' must be at least 1s") }
    return value
  }

  /// A notification text with `{placeholder}`s, checked now so a typo is a config error.
  func text(_ node: TOMLNode, _ key: String) throws(ConfigError) -> NotificationText {
    try templated(node, key) { text throws(TemplateFailure) in try NotificationText(text) }
  }

  func choice<T: RawRepresentable & CaseIterable>(
    _ node: TOMLNode, _ key: String
  ) throws(ConfigError) -> T where T.RawValue == String {
    let text = try string(node, key)
    let names = T.allCases.map(\.rawValue)
    guard let value = T(rawValue: text) else {
      let list = names.map { "\"\($0)\"" }.joined(separator: ", ")
      throw error(
        node.position,
        "'\(key)' must be one of \(list), not \(Shown.quoted(text))\(Spelling.hint(for: text, in: names))")
    }
    return value
  }

  func color(_ node: TOMLNode, _ key: String) throws(ConfigError) -> String {
    let text = try string(node, key)
    guard let normal = Colors.normalize(text) else {
      throw error(
        node.position, "'\(key)' must be a colour like \"#E54D2E\" or \"#e52\", not \(Shown.quoted(text))")
    }
    return normal
  }

  /// A format string, parsed: an unknown placeholder or a stray brace is an error at its
  /// own place inside the string.
  func template(_ node: TOMLNode, _ key: String) throws(ConfigError) -> FormatTemplate {
    try templated(node, key) { text throws(TemplateFailure) in try FormatTemplate(text) }
  }

  /// A string with `{placeholder}`s read by `parse`; its mistake is reported at the
  /// character it is at, not at the string's start.
  private func templated<T>(
    _ node: TOMLNode, _ key: String, _ parse: (String) throws(TemplateFailure) -> T
  ) throws(ConfigError) -> T {
    let text = try string(node, key)
    do {
      return try parse(text)
    } catch {
      throw self.error(
        source.position(of: error.offset, inStringAt: node.position), "'\(key)': \(error.message)")
    }
  }

  /// An action name, optionally with an amount for extend, shorten or snooze: `"extend 5m"`.
  func action(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Action {
    let text = try string(node, key)
    let words = text.split(separator: " ", maxSplits: 1).map(String.init)
    let name = words.first ?? ""
    var amount: Duration? = nil
    if words.count == 2, ["extend", "shorten", "snooze"].contains(name) {
      // The amount ends the text: its characters are the last ones of the string.
      let offset = text.unicodeScalars.count - words[1].unicodeScalars.count
      amount = try self.amount(words[1], at: offset, node, key)
    }
    guard let action = Action(name: name, argument: amount) else {
      throw error(
        node.position,
        "'\(key)': unknown action \(Shown.quoted(name))\(Spelling.hint(for: name, in: Action.names)); one of \(Action.names.joined(separator: ", "))"
      )
    }
    guard words.count < 2 || amount != nil else {
      throw error(
        node.position, "'\(key)': only extend, shorten and snooze take an amount, like \"extend 5m\"")
    }
    return action
  }

  /// The amount after `extend`, `shorten` or `snooze` in a click's action, `offset`
  /// characters into its string.
  private func amount(_ text: String, at offset: Int, _ node: TOMLNode, _ key: String) throws(ConfigError)
    -> Duration
  {
    switch DurationFormat.read(text) {
    case .duration(let value):
      return value
    case .tooLong:
      throw error(
        node.position, "'\(key)': the amount '\(Shown.plain(text))' is out of range: at most a week (168h)")
    case .unreadable(let refusal):
      throw error(
        source.position(of: offset + refusal.offset, inStringAt: node.position),
        "'\(key)': \(refusal.message("'\(Shown.plain(text))'"))")
    }
  }

  func commands(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [String] {
    switch node.value {
    case .string(let command): return [command]
    case .array(let items):
      var commands: [String] = []
      for item in items { commands.append(try string(item, key)) }
      return commands
    case .integer, .float, .boolean, .table:
      throw error(node.position, "'\(key)' must be a command string or an array of them")
    }
  }

  /// A program and its arguments written as one command line, split like a shell would.
  func commandLine(_ node: TOMLNode, _ key: String) throws(ConfigError) -> [String] {
    let text = try string(node, key)
    let words: [String]
    do {
      words = try ShellWords.split(text)
    } catch {
      throw self.error(node.position, "'\(key)': cannot split \(Shown.quoted(text)) into words: \(error)")
    }
    guard !words.isEmpty else { throw self.error(node.position, "'\(key)' must name a program") }
    return words
  }

  /// `[wrap] command`: a shell command line; "" means none.
  func wrapCommand(_ node: TOMLNode, _ key: String) throws(ConfigError) -> String? {
    let text = try string(node, key)
    guard text.contains(where: { $0 != " " && $0 != "\t" }) else { return nil }
    guard !text.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\0" }) else {
      throw error(node.position, "'\(key)' must be one line")
    }
    return text
  }

  /// `[wrap] position`: "first", "last", or how many of the command's blocks come first.
  func wrapPosition(_ node: TOMLNode, _ key: String) throws(ConfigError) -> WrapPosition {
    let form = "\"first\", \"last\" or a number of blocks from 0 to \(WrapPosition.maximumIndex)"
    switch node.value {
    case .string("first"): return .first
    case .string("last"): return .last
    case .string(let text):
      throw error(
        node.position,
        "'\(key)' must be \(form), not \(Shown.quoted(text))\(Spelling.hint(for: text, in: ["first", "last"]))"
      )
    case .integer(let n) where (0...Int64(WrapPosition.maximumIndex)).contains(n):
      return .index(Int(n))
    case .integer:
      throw error(node.position, "'\(key)' must be \(form)")
    case .float, .boolean, .array, .table:
      throw error(node.position, "'\(key)' must be \(form), not \(article(node.value))")
    }
  }

  func ring(_ node: TOMLNode) throws(ConfigError) -> [String] {
    switch node.value {
    case .string(let name):
      let names = RingGlyphs.named.map(\.name)
      guard let set = RingGlyphs.named.first(where: { $0.name == name }) else {
        throw error(
          node.position,
          "'ring' must be one of \(names.joined(separator: ", ")) or an array of glyphs\(Spelling.hint(for: name, in: names))"
        )
      }
      return set.glyphs
    case .array(let items):
      var glyphs: [String] = []
      for item in items { glyphs.append(try string(item, "ring")) }
      guard glyphs.count >= 2 else {
        throw error(node.position, "'ring' needs at least two glyphs, from empty to full")
      }
      return glyphs
    case .integer, .float, .boolean, .table:
      throw error(node.position, "'ring' must be a set's name or an array of glyphs")
    }
  }

  /// A time of day `"HH:MM"` (00:00 to 23:59), as seconds after midnight.
  func timeOfDay(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Int {
    let text = try string(node, key)
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let hours = CivilTime.digits(bytes, 0, 2),
      let minutes = CivilTime.digits(bytes, 3, 2), hours < 24, minutes < 60
    else {
      throw error(node.position, "'\(key)' must be a time of day like \"04:00\", not \(Shown.quoted(text))")
    }
    return hours * 3600 + minutes * 60
  }

  /// A weekday name, `"monday"` to `"sunday"`, as 0 (Monday) to 6 (Sunday).
  func weekday(_ node: TOMLNode, _ key: String) throws(ConfigError) -> Int {
    let text = try string(node, key)
    guard let index = LedgerSettings.weekdays.firstIndex(of: text) else {
      throw error(
        node.position,
        "'\(key)' must be a weekday like \"monday\", not \(Shown.quoted(text))"
          + Spelling.hint(for: text, in: LedgerSettings.weekdays))
    }
    return index
  }

  func article(_ value: TOMLValue) -> String {
    let name = value.typeName
    return (name.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + name
  }
}
