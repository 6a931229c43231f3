import Foundation
import TOML
import Testing

@testable import PomobarCore

/// The config of a file that must have no mistakes.
private func load(_ text: String) throws(ConfigError) -> Config {
  try ConfigLoader.load(Array(text.utf8), file: "config.toml").get()
}

/// The first mistake in a file, as printed.
private func error(_ text: String) -> String {
  ConfigLoader.load(Array(text.utf8), file: "config.toml").errors.first?.description ?? "no error"
}

@Suite struct ConfigLoaderTests {
  @Test func anEmptyFileMeansTheDefaults() throws {
    #expect(try load("") == Config())
  }

  @Test func readsEveryTable() throws {
    let config = try load(
      """
      [timer]
      focus = "50m"
      short-break = 10
      long-break = "1h"
      long-break-every = 3
      auto-advance = "all"
      step = "5m"
      [suspend]
      focus = "void"
      break = "pause"
      reset-after = false
      [display]
      ring = "pie"
      name = "pomo"
      instance = "work"
      [colors]
      focus = "#f00"
      [clicks]
      left = "start"
      scroll-up = "extend 5m"
      [hooks]
      focus-start = "makoctl mode -a dnd"
      focus-end = ["makoctl mode -r dnd", "echo done"]
      [notifications]
      enabled = false
      """)
    #expect(config.timer.focus == .seconds(3000))
    #expect(config.timer.shortBreak == .seconds(600))
    #expect(config.timer.longBreak == .seconds(3600))
    #expect(config.timer.longBreakEvery == 3)
    #expect(config.timer.autoAdvance == .all)
    #expect(config.timer.step == .seconds(300))
    #expect(config.timer.suspendFocus == .void)
    #expect(config.timer.suspendBreak == .pause)
    #expect(config.timer.resetAfter == nil)
    #expect(config.display.ring == RingGlyphs.pie)
    #expect(config.display.name == "pomo")
    #expect(config.display.colors.focus == "#FF0000")
    #expect(config.clicks.left == .start)
    #expect(config.clicks.scrollUp == .extend(.seconds(300)))
    #expect(config.hooks[.focusStart] == ["makoctl mode -a dnd"])
    #expect(config.hooks[.focusEnd] == ["makoctl mode -r dnd", "echo done"])
    #expect(!config.notifications.enabled)
  }

  /// A project's table names it as every command does: `web   frontend` is `web frontend`.
  @Test func aProjectTableIsKeyedByTheNameInItsKeptForm() throws {
    let config = try load("[projects.\"  web   frontend \"]\ncolor = \"#FF8800\"\n")
    #expect(config.projects["web frontend"]?.color == "#FF8800")
  }

  @Test func unknownKeysAreErrorsWithASuggestion() {
    #expect(
      error("[timer]\nfocus = \"5m\"\n  wrok = 1\n")
        == "config.toml:3:3: unknown key 'wrok' in [timer] (did you mean 'focus'?)"
        || error("[timer]\nfocus = \"5m\"\n  wrok = 1\n").hasPrefix("config.toml:3:3: unknown key 'wrok'"))
    #expect(error("[timmer]\n") == "config.toml:1:2: unknown table 'timmer' (did you mean 'timer'?)")
    #expect(
      error("[timer]\nfocs = 5\n") == "config.toml:2:1: unknown key 'focs' in [timer] (did you mean 'focus'?)"
    )
  }

  @Test func wrongTypesSayWhatIsExpected() {
    #expect(
      error("[timer]\nfocus = true\n")
        == "config.toml:2:9: 'focus' must be a duration like \"25m\", not a boolean")
    #expect(
      error("[timer]\nlong-break-every = 0\n") == "config.toml:2:20: 'long-break-every' must be from 1 to 100"
    )
    #expect(
      error("[timer]\nfocus = \"25 minuten\"\n").hasPrefix(
        "config.toml:2:13: 'focus': cannot read \"25 minuten\""))
    #expect(error("[timer]\nauto-advance = \"to-brek\"\n").hasSuffix("(did you mean 'to-break'?)"))
    #expect(error("[colors]\nfocus = \"red\"\n").hasPrefix("config.toml:2:9: 'focus' must be a colour"))
    #expect(
      error("[clicks]\nleft = \"strat\"\n").contains("unknown action \"strat\" (did you mean 'start'?)"))
    #expect(error("[suspend]\nbreak = \"void\"\n").hasPrefix("config.toml:2:9: 'break' must be"))
    #expect(error("[display]\nring = [\"x\"]\n").contains("at least two glyphs"))
    #expect(error("timer = 5\n") == "config.toml:1:9: 'timer' must be a table, like [timer]")
    #expect(error("[timer]\nfocus = \"0s\"\n") == "config.toml:2:9: 'focus' must be at least 1s")
  }

  @Test func syntaxErrorsCarryTheirPosition() {
    let message = error("[timer]\nfocus = \"25m\n")
    #expect(message.hasPrefix("config.toml:2:"))
  }

  @Test func thePrintedConfigParsesBackToTheSame() throws {
    var config = Config()
    config.timer.resetAfter = nil
    config.display.ring = ["a", "b\"c"]
    config.hooks[.pause] = ["echo 'x'"]
    config.clicks.right = .shorten(.seconds(90))
    config.notifications.command = ["notify-send", "--expire-time=1000", "it's", "a b", ""]
    #expect(try load(ConfigPrinter.toml(config)) == config)
    #expect(try load(ConfigPrinter.toml(Config())) == Config())
  }
}

@Suite struct ConfigExampleTests {
  /// `config.example.toml` documents every key with its default: it must load to exactly
  /// the defaults, and name every key the loader knows.
  @Test func theExampleConfigIsTheDefaults() throws {
    let root = URLPath.packageRoot(from: #filePath)
    let text = try String(contentsOfFile: root + "/config.example.toml", encoding: .utf8)
    #expect(try ConfigLoader.load(Array(text.utf8), file: "config.example.toml").get() == Config())
    for (table, keys) in ConfigLoader.schema {
      #expect(text.contains("[\(table)]"), "[\(table)] is not documented")
      for key in keys {
        #expect(
          text.contains("\n\(key) =") || text.contains("\n# \(key) ="), "\(table).\(key) is not documented")
      }
    }
  }
}

@Suite struct ConfigSchemaLookupTests {
  /// A table is looked up alone, by name: every table of the schema is found under its own
  /// name, with its keys, and nothing else is.
  @Test func eachTableIsFoundByItsName() {
    for table in ConfigSchema.tables {
      #expect(ConfigSchema.table(table.name)?.keys.map(\.key) == table.keys.map(\.key), "[\(table.name)]")
      for key in table.keys {
        #expect(ConfigSchema.row(table.name, key.key)?.key == key.key, "[\(table.name)] \(key.key)")
      }
    }
    #expect(ConfigSchema.table("timers") == nil)
    #expect(ConfigSchema.table("format.nope") == nil)
    #expect(ConfigLoader.keys(of: "format.focus") == nil)
    #expect(ConfigLoader.keys(of: "timer") == ConfigSchema.timer.keys.map(\.key))
  }
}

/// Paths from a source file to the package root.
enum URLPath {
  static func packageRoot(from file: String) -> String {
    var parts = file.split(separator: "/", omittingEmptySubsequences: false)
    parts.removeLast(3)  // Tests/PomobarCoreTests/File.swift
    return parts.joined(separator: "/")
  }
}
