import TOML

/// `[nudges]`: a bar that notices what you forgot (`TimerMachine+Nudges`).
extension ConfigSchema {
  static let nudges = ConfigTable(
    name: "nudges",
    doc: """
      Nudges, all off by default; off, they cost nothing (nothing kept, nothing woken for).
      """,
    keys: [
      ConfigKey(
        "nudges", "forgot-to-start", \.timer.nudges.forgotToStart, .phaseLengthOrFalse,
        doc: """
          At the computer ([idle] after must watch input) on a work day ([ledger] work-days,
          days-off) inside work-from to work-until, with neither a focus nor the work clock
          running for this long: one notification "Tracking nothing for 5 min" with Start
          (a focus on the last project) and Not now, once per such stretch. false: never;
          e.g. "5m".
          """,
        then: { reader, node in reader.forgotToStartPosition = node.position }),
      ConfigKey(
        "nudges", "work-from", \.timer.nudges.workFrom, .timeOfDay,
        doc: "The work hours forgot-to-start counts in, local time."),
      ConfigKey("nudges", "work-until", \.timer.nudges.workUntil, .timeOfDay),
      ConfigKey(
        "nudges", "focus-on-return", \.timer.nudges.focusOnReturn, .boolean,
        doc: """
          After a break ran out with nothing started since, your return from away (the idle
          watch's first input) starts the next focus, so a break that ran long does not eat
          it; a focus [timer] auto-advance started at the break's end while you were away,
          held paused by it ([suspend] focus = "pause"), is resumed.
          """),
      ConfigKey(
        "nudges", "end-of-day", \.timer.nudges.endOfDay, .timeOfDayOrFalse,
        doc: """
          At this time of day, if the work clock still runs: a notification "Still tracking
          acme" with Stop now and Stop at last input (where input stopped if you are away,
          else this time); again a day later while it runs. false: never; e.g. "18:00".
          """),
    ])
}

extension ConfigValue where T == Int? {
  /// `"HH:MM"` as seconds after midnight, or `false` for none.
  static var timeOfDayOrFalse: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        if case .boolean(false) = node.value { return nil }
        return try r.timeOfDay(node, key)
      },
      print: { $0.map { ConfigPrinter.quote(ClockTime.text(Int64($0))) } ?? "false" })
  }
}

extension Reader {
  /// A warning when forgot-to-start is on but input is not watched (`[idle] after`): it
  /// cannot tell that you are at the computer, and never fires. Not an error: the key is
  /// kept, and works once the idle watch is on.
  func nudgeWarnings() -> [ConfigError] {
    guard let position = forgotToStartPosition, config.timer.nudges.forgotToStart != nil,
      !config.timer.nudges.inputWatched
    else { return [] }
    return [
      error(
        position,
        "'forgot-to-start' needs [idle] after: without watching input pomobar cannot tell you are at the "
          + "computer, and it never fires")
    ]
  }
}
