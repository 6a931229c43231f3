import TOML

/// How a key's value is read from its TOML node and written back: the two halves kept
/// together so that what `check-config` prints reads back to the same value.
struct ConfigValue<T>: Sendable {
  /// Checks the node (the key's name is for messages).
  let read: @Sendable (Reader, TOMLNode, String) throws(ConfigError) -> T
  /// The value as TOML; nil when it is not written.
  let print: @Sendable (T) -> String?

  /// The same value, optional: nil is not written.
  var optional: ConfigValue<T?> {
    let read = self.read
    let print = self.print
    return ConfigValue<T?>(
      read: { reader, node, key throws(ConfigError) in try read(reader, node, key) },
      print: { value in value.flatMap(print) })
  }
}

extension ConfigValue where T == Duration {
  /// A duration of at least a second.
  static var phaseLength: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.phaseLength(node, key) },
      print: ConfigPrinter.duration)
  }

  /// A goal: at least a minute.
  static var goal: Self {
    Self(read: { r, node, key throws(ConfigError) in try r.goal(node, key) }, print: ConfigPrinter.duration)
  }
}

extension ConfigValue where T == Duration? {
  /// A duration of at least a second, or `false` for none.
  static var phaseLengthOrFalse: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.phaseLength(node, key, orFalse: true) },
      print: { $0.map(ConfigPrinter.duration) ?? "false" })
  }

  /// Any duration, or `false` for none.
  static var durationOrFalse: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        if case .boolean(false) = node.value { return nil }
        return try r.duration(node, key, orFalse: true)
      },
      print: { $0.map(ConfigPrinter.duration) ?? "false" })
  }
}

extension ConfigValue where T == Int {
  static func integer(_ range: ClosedRange<Int64>) -> Self {
    Self(
      read: { r, node, key throws(ConfigError) in Int(try r.integer(node, key, in: range)) },
      print: { "\($0)" })
  }
}

extension ConfigValue where T == Bool {
  static var boolean: Self {
    Self(read: { r, node, key throws(ConfigError) in try r.boolean(node, key) }, print: { "\($0)" })
  }
}

extension ConfigValue where T == String {
  static var string: Self {
    Self(read: { r, node, key throws(ConfigError) in try r.string(node, key) }, print: ConfigPrinter.quote)
  }

  /// `#rrggbb`, from any colour the reader accepts.
  static var color: Self {
    Self(read: { r, node, key throws(ConfigError) in try r.color(node, key) }, print: ConfigPrinter.quote)
  }
}

extension ConfigValue where T: RawRepresentable & CaseIterable & Sendable, T.RawValue == String {
  /// One of the enum's names.
  static var choice: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.choice(node, key) },
      print: { ConfigPrinter.quote($0.rawValue) })
  }
}

extension ConfigValue where T == FormatTemplate {
  static var template: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.template(node, key) },
      print: { ConfigPrinter.quote($0.source) })
  }
}

extension ConfigValue where T == NotificationText {
  static var text: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.text(node, key) },
      print: { ConfigPrinter.quote($0.template) })
  }
}

extension ConfigValue where T == Action {
  static var action: Self {
    Self(read: { r, node, key throws(ConfigError) in try r.action(node, key) }, print: ConfigPrinter.action)
  }
}

extension ConfigValue where T == [String] {
  /// A command line split into words like a shell would.
  static var commandLine: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.commandLine(node, key) },
      print: { ConfigPrinter.quote(ShellWords.join($0)) })
  }

  /// A set of glyphs: a named set's name, or an array.
  static var ring: Self {
    Self(
      read: { r, node, _ throws(ConfigError) in try r.ring(node) },
      print: { ring in
        let name = RingGlyphs.named.first { $0.glyphs == ring }?.name
        return name.map(ConfigPrinter.quote) ?? "[" + ring.map(ConfigPrinter.quote).joined(separator: ", ")
          + "]"
      })
  }
}

extension ConfigValue where T == [String]? {
  /// Hook commands: a string or an array of them; none is not written.
  static var commands: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.commands(node, key) },
      print: { commands in
        guard let commands, !commands.isEmpty else { return nil }
        return commands.count == 1
          ? ConfigPrinter.quote(commands[0])
          : "[" + commands.map(ConfigPrinter.quote).joined(separator: ", ") + "]"
      })
  }

  /// A command line, or "" for none.
  static var commandLineOrEmpty: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        try r.string(node, key).isEmpty ? nil : try r.commandLine(node, key)
      },
      print: { ConfigPrinter.quote($0.map(ShellWords.join) ?? "") })
  }
}

extension ConfigValue where T == String? {
  /// A string, or "" for none.
  static var stringOrEmpty: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        let text = try r.string(node, key)
        return text.isEmpty ? nil : text
      },
      print: { ConfigPrinter.quote($0 ?? "") })
  }
}

extension ConfigValue where T == String {
  /// A name as `ProjectName` keeps it (a client's): one line, trimmed, runs of spaces made
  /// one, not empty.
  static var name: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        let text = try r.string(node, key)
        guard !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
          throw r.error(node.position, "'\(key)' must be one line, without control characters")
        }
        let name = ProjectName.normalised(text)
        guard !name.isEmpty else { throw r.error(node.position, "'\(key)' must not be empty") }
        return name
      },
      print: ConfigPrinter.quote)
  }
}

extension ConfigValue where T == String? {
  /// A path, or "" for none: read as `stringOrEmpty`; none is not written.
  static var optionalPath: Self {
    Self(read: stringOrEmpty.read, print: { $0.map(ConfigPrinter.quote) })
  }
}

extension ConfigValue where T == SuspendPolicy {
  /// `[suspend] break`: a break cannot be voided.
  static var breakPolicy: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        let policy: SuspendPolicy = try r.choice(node, key)
        guard policy != .void else { throw r.error(node.position, "'break' must be \"count\" or \"pause\"") }
        return policy
      },
      print: { ConfigPrinter.quote($0.rawValue) })
  }
}

extension ConfigValue where T == Int {
  /// `"HH:MM"`, as seconds after midnight.
  static var timeOfDay: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.timeOfDay(node, key) },
      print: { ConfigPrinter.quote(ClockTime.text(Int64($0))) })
  }

  /// `"monday"` to `"sunday"`, as 0 to 6.
  static var weekday: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.weekday(node, key) },
      print: { ConfigPrinter.quote(LedgerSettings.weekdays[$0]) })
  }
}

extension ConfigValue where T == WrapPosition {
  static var wrapPosition: Self {
    Self(read: { r, node, key throws(ConfigError) in try r.wrapPosition(node, key) }, print: \.configText)
  }
}

extension ConfigValue where T == String? {
  /// `[wrap] command`: one line; blank is none.
  static var wrapCommand: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.wrapCommand(node, key) },
      print: { $0.map(ConfigPrinter.quote) })
  }
}

extension ConfigValue where T == [Bool] {
  /// `work-days`: a flag per weekday, Monday first, printed as the days' names.
  static var workDays: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.workDays(node, key) },
      print: { days in
        let names = days.indices.filter { days[$0] }.map { ConfigPrinter.quote(LedgerSettings.weekdays[$0]) }
        return "[" + names.joined(separator: ", ") + "]"
      })
  }
}

extension ConfigValue where T == [Duration?] {
  /// `weekday-goals`: an inline table of the days with a goal; none is not written.
  static var weekdayGoals: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.weekdayGoals(node, key) },
      print: { goals in
        let set = goals.indices.compactMap { day in
          goals[day].map { "\(LedgerSettings.weekdays[day]) = \(ConfigPrinter.duration($0))" }
        }
        return set.isEmpty ? nil : "{ " + set.joined(separator: ", ") + " }"
      })
  }
}

extension ConfigValue where T == [CivilTime.Date] {
  /// `days-off`: dates; none is not written.
  static var daysOff: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.daysOff(node, key) },
      print: { dates in
        guard !dates.isEmpty else { return nil }
        return "[" + dates.map { ConfigPrinter.quote($0.description) }.joined(separator: ", ") + "]"
      })
  }
}
