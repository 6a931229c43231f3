import TOML

/// Writes a `Config` back as TOML: what `pomobar check-config` prints.
///
/// Every key appears with its effective value (optional keys when set), table by table
/// in `ConfigSchema` order, so the output doubles as a list of the defaults, and it parses
/// back to the same config.
public enum ConfigPrinter {
  public static func toml(_ config: Config) -> String {
    var out = ""
    for table in ConfigSchema.tables {
      let entries = table.keys.compactMap { row in row.print(config).map { (row.key, $0) } }
      guard !entries.isEmpty else { continue }
      out += section(table.name, entries)
      if table.name == "theme" { out += colorsInUse(config.display.colors) }
      out += "\n"
    }
    for name in config.projects.keys.sorted() {
      let project = config.project(name)
      let entries = ConfigSchema.projectKeys.compactMap { row in row.print(project).map { (row.key, $0) } }
      out += section("projects." + TOML.quoteKey(name), entries) + "\n"
    }
    for (name, client) in config.clients.sorted(by: { $0.key < $1.key }) {
      let entries = ConfigSchema.clientKeys.compactMap { row in row.print(client).map { (row.key, $0) } }
      out += section("clients." + TOML.quoteKey(name), entries) + "\n"
    }
    return String(out.dropLast())
  }

  /// `[name]` and a `key = value` line per entry.
  static func section(_ name: String, _ entries: [(String, String)]) -> String {
    "[\(name)]\n" + entries.map { "\($0) = \($1)\n" }.joined()
  }

  /// The colours in use, with their contrast on the background: comments, so the output
  /// still parses back to the same config.
  static func colorsInUse(_ colors: Palette) -> String {
    var out = "# In use, on \(colors.background):\n"
    for role in ThemeRole.overridable {
      let ratio = Colors.contrast(colors[role], colors.background).map(Colors.ratioText) ?? "?"
      out += "#   \(role.rawValue) = \(quote(colors[role]))  # \(ratio)\n"
    }
    return out
  }

  static func duration(_ value: Duration) -> String { quote(DurationFormat.format(value)) }

  static func action(_ action: Action) -> String {
    switch action {
    case .extend(let amount?), .shorten(let amount?), .snooze(let amount?):
      return quote("\(action.name) \(DurationFormat.format(amount))")
    case .start, .pause, .resume, .toggle, .skip, .stop, .reset, .extend(nil), .shorten(nil), .snooze(nil),
      .startBreak, .none, .pickTask, .workStart, .workStop, .workToggle, .project, .tags, .projectNext,
      .projectPrevious, .interrupt, .void, .away, .back, .awayWas, .task:
      return quote(action.name)
    }
  }

  static func quote(_ text: String) -> String { TOML.quote(text) }
}
