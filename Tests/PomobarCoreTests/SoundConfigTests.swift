import Testing

@testable import PomobarCore

private func load(_ text: String, fallback: Config = Config()) -> ConfigLoad {
  ConfigLoader.load(Array(text.utf8), file: "config.toml", fallback: fallback)
}

@Suite struct SoundConfigTests {
  @Test func soundIsOffByDefaultWithThemeSoundsForTheNaturalEnds() {
    let sound = Config().sound
    #expect(!sound.enabled)
    #expect(sound.sounds == [.focusDone: "complete", .breakEnd: "bell"])
    #expect(sound.volume == 100)
    #expect(sound.command == nil)
    #expect(sound.timeout == .seconds(10))
  }

  @Test func readsEveryKey() throws {
    let config = try load(
      """
      [sound]
      enabled = true
      volume = 35
      command = "mpv --really-quiet"
      timeout = "4s"
      focus-start = "~/sounds/start.wav"
      break-end = ""
      long-break-start = "bell"
      """
    ).get()
    #expect(config.sound.enabled)
    #expect(config.sound.volume == 35)
    #expect(config.sound.command == ["mpv", "--really-quiet"])
    #expect(config.sound.timeout == .seconds(4))
    #expect(
      config.sound.sounds == [
        .focusDone: "complete", .breakEnd: "", .focusStart: "~/sounds/start.wav", .longBreakStart: "bell",
      ])
    #expect(try load("[sound]\ncommand = \"\"").get().sound.command == nil, "empty: pomobar picks")
  }

  @Test func mistakesAreErrorsWithTheirPlace() {
    #expect(
      load("[sound]\nvolume = 101").errors.first?.description
        == "config.toml:2:10: 'volume' must be from 0 to 100")
    #expect(
      load("[sound]\nany = \"bell\"").errors.first?.description.hasPrefix(
        "config.toml:2:1: unknown key 'any' in [sound]")
        == true)
    #expect(
      load("[sound]\nfocus-done = 3").errors.first?.description
        == "config.toml:2:14: 'focus-done' must be a string, not an integer")
    #expect(load("[sound]\ncommand = \"mpv 'x\"").errors.first?.description.contains("cannot split") == true)
  }

  @Test func aBrokenSoundKeepsTheFallbacksAndThePrinterRoundTrips() throws {
    var fallback = Config()
    fallback.sound.sounds[.focusStart] = "/x/start.wav"
    fallback.sound.sounds[.focusDone] = ""
    fallback.sound.command = ["pw-play", "--target=speakers"]
    let broken = load("[sound]\nfocus-start = 1\nfocus-done = 2\ncommand = 3", fallback: fallback)
    #expect(broken.config.sound.sounds[.focusStart] == "/x/start.wav")
    #expect(broken.config.sound.sounds[.focusDone] == "")
    #expect(broken.config.sound.command == ["pw-play", "--target=speakers"])
    #expect(try load(ConfigPrinter.toml(fallback)).get() == fallback)
  }
}
