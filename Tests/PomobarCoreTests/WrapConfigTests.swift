import TOML
import Testing

@testable import PomobarCore

@Suite("[wrap] in the config")
struct WrapConfigTests {
  func load(_ text: String) -> ConfigLoad {
    ConfigLoader.load(Array(text.utf8), file: "config.toml")
  }

  @Test("command and position are read; nothing is wrapped by default")
  func reads() throws {
    #expect(Config().wrap.command == nil)
    #expect(Config().wrap.position == .first)
    let config = try load("[wrap]\ncommand = \"i3status -c ~/.i3status.conf\"\nposition = \"last\"\n").get()
    #expect(config.wrap.command == "i3status -c ~/.i3status.conf")
    #expect(config.wrap.position == .last)
    #expect(try load("[wrap]\nposition = 3\n").get().wrap.position == .index(3))
    #expect(try load("[wrap]\ncommand = \"  \"\n").get().wrap.command == nil)
  }

  @Test("mistakes say what is expected, at FILE:LINE:COL")
  func mistakes() {
    #expect(
      load("[wrap]\nposition = \"frist\"\n").errors.map(\.description) == [
        #"config.toml:2:12: 'position' must be "first", "last" or a number of blocks from 0 to 1000, not "frist" (did you mean 'first'?)"#
      ])
    #expect(
      load("[wrap]\nposition = -1\n").errors.map(\.description) == [
        #"config.toml:2:12: 'position' must be "first", "last" or a number of blocks from 0 to 1000"#
      ])
    #expect(
      load("[wrap]\ncommand = 5\n").errors.map(\.description) == [
        "config.toml:2:11: 'command' must be a string, not an integer"
      ])
    #expect(
      load("[wrap]\ncomand = \"i3status\"\n").errors.map(\.description) == [
        "config.toml:2:1: unknown key 'comand' in [wrap] (did you mean 'command'?)"
      ])
  }

  @Test("the printed config reads back to the same [wrap]")
  func roundTrip() throws {
    var config = Config()
    config.wrap.command = "i3status -c '/tmp/my conf'"
    config.wrap.position = .index(2)
    let printed = ConfigPrinter.toml(config)
    #expect(printed.contains("[wrap]\ncommand = \"i3status -c '/tmp/my conf'\"\nposition = 2\n"))
    #expect(try load(printed).get() == config)
  }

  @Test("a broken key keeps the last good value on reload")
  func fallback() {
    var good = Config()
    good.wrap.position = .last
    good.wrap.command = "i3status"
    let reloaded = ConfigLoader.load(Array("[wrap]\nposition = true\n".utf8), file: "c", fallback: good)
    #expect(reloaded.config.wrap.position == .last)
    #expect(reloaded.config.wrap.command == nil)  // not written in the file: the default
  }
}
