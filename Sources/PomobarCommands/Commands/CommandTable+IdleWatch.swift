import PomobarCore
import PomobarSystem

extension CommandTable {
  static let idleWatch = CommandSpec(
    name: "idle-watch",
    synopsis: [
      .init(line: "idle-watch [--after DURATION]", summary: "away when input stops (i3blocks, tmux)")
    ],
    usage: ["idle-watch [--after DURATION] [--config FILE]"],
    options: [
      OptionSpec.after.documented(["no input for this long is away (5m, 90s); default: [idle] after"]),
      .config,
    ],
    help: [
      .text(
        """
        Watches input on the display, as a running bar does with [idle] after, for the
        formats that have no running process (i3blocks, tmux, `pomobar status`). Start it
        once with the session: `exec pomobar idle-watch` in the i3 or sway config. No input
        for the threshold stops the work clock where input stopped (ctl away, dated back);
        input again is ctl back. Several bars and an idle-watch watching the same display
        make one away. It speaks to the X server (DISPLAY) or the Wayland compositor
        (WAYLAND_DISPLAY) itself and wakes only when input stops or comes again, and, with
        [nudges] forgot-to-start or end-of-day, at a nudge's moment to send it. Editing the
        config, or SIGHUP, reads it again; [idle] after = false there ends an away that
        stands, as input would. It exits 69 when there is no display to watch, 78 when
        neither --after nor [idle] after asks for a watch, 1 when the display goes.
        """),
      .options,
    ],
    make: { words throws(UsageError) in
      try words.expect(0...0)
      var after: Duration? = nil
      if let given = words[.after] {
        switch DurationFormat.checked(given) {
        case .success(let value) where value > .zero: after = value
        case .success:
          throw words.usage("--after: '\(Shown.plain(given))' is no time without input; give one like 5m")
        case .failure(let problem): throw words.usage("--after: \(problem.message)")
        }
      }
      return .idleWatch(after: after, configPath: words[.config])
    })
}

extension OptionSpec {
  static let after = OptionSpec(names: ["--after"], arity: .value, placeholder: "DURATION", kind: .text)
}
