import Testing

@testable import PomobarCore

private func load(_ text: String) throws(ConfigError) -> Config {
  try ConfigLoader.load(Array(text.utf8), file: "config.toml").get()
}

private func error(_ text: String) -> String {
  ConfigLoader.load(Array(text.utf8), file: "config.toml").errors.first?.description ?? "no error"
}

@Suite struct FlowtimeConfigTests {
  @Test func pomodoroIsTheDefaultMode() throws {
    let timer = try load("").timer
    #expect(timer.mode == .pomodoro)
    #expect(timer.flowtime == FlowtimeBreaks())
  }

  @Test func readsTheModeTheRatioAndTheSteps() throws {
    let timer = try load(
      """
      [timer]
      mode = "flowtime"
      break-ratio = 4
      break-max = "20m"
      break-steps = [["25m", "5m"], ["50m", 8], ["1h30m", "15m"]]
      """
    ).timer
    #expect(timer.mode == .flowtime)
    #expect(timer.flowtime.ratio == 4)
    #expect(timer.flowtime.longest == .seconds(1200))
    #expect(
      timer.flowtime.steps == [
        BreakStep(focus: .seconds(1500), rest: .seconds(300)),
        BreakStep(focus: .seconds(3000), rest: .seconds(480)),
        BreakStep(focus: .seconds(5400), rest: .seconds(900)),
      ])
  }

  @Test func theStepsPrintBackToTheSame() throws {
    let config = try load(
      "[timer]\nmode = \"flowtime\"\nbreak-steps = [[\"25m\", \"5m\"], [\"1h\", \"10m\"]]\n")
    let printed = ConfigPrinter.toml(config)
    #expect(printed.contains("break-steps = [[\"25m\", \"5m\"], [\"1h\", \"10m\"]]"))
    #expect(try load(printed) == config)
  }

  @Test func badValuesNameTheKeyAndTheFormThatWorks() {
    #expect(
      error("[timer]\nmode = \"flow\"\n")
        == "config.toml:2:8: 'mode' must be one of \"pomodoro\", \"flowtime\", not \"flow\" (did you mean 'flowtime'?)"
    )
    #expect(error("[timer]\nbreak-ratio = 0\n") == "config.toml:2:15: 'break-ratio' must be from 1 to 60")
    #expect(
      error("[timer]\nbreak-steps = \"25m\"\n")
        == "config.toml:2:15: 'break-steps' must be an array of [\"FOCUS\", \"BREAK\"] rows like "
        + "[[\"25m\", \"5m\"], [\"50m\", \"8m\"]], not a string")
    #expect(
      error("[timer]\nbreak-steps = [[\"25m\"]]\n")
        == "config.toml:2:16: 'break-steps': each row must be [\"FOCUS\", \"BREAK\"], like [\"25m\", \"5m\"]")
    #expect(
      error("[timer]\nbreak-steps = [[\"50m\", \"8m\"], [\"25m\", \"5m\"]]\n")
        == "config.toml:2:32: 'break-steps': rows go from the shortest focus to the longest; 25m comes after 50m"
    )
    #expect(
      error("[timer]\nbreak-steps = [[\"25m\", \"soon\"]]\n")
        .hasPrefix("config.toml:2:25: 'break-steps': cannot read \"soon\" as a duration"))
  }
}
