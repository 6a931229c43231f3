import PomobarCore

/// `[focus-mode] dnd`: the notification daemon's do-not-disturb, on for a focus, back as
/// it was after it.
///
/// Run by the effect runner as `pomobar __dnd FOLDER CHOICE on|off`, a command of the
/// transition's job like a hook (in order, with the hooks' timeout, its output in
/// `hooks.log`): `on` at every focus start, `off` at every focus end, so the end of a
/// focus restores the daemon before pomobar's own notification is sent.
///
/// `on` first asks the daemon whether do-not-disturb is already on and remembers the
/// answer, with the daemon's name, in `dnd` in the state folder; `off` puts that state
/// back (it never switches off what the user had switched on) and forgets it. When a
/// remembered state is already there at a focus start (a focus end that never ran, e.g.
/// a crash), it is kept: it is the user's, the present one is pomobar's.
public enum DoNotDisturb {
  public static let command = "__dnd"

  /// A daemon pomobar can drive, and its control program's words.
  public enum Daemon: String, CaseIterable, Sendable {
    case dunst
    case mako
    case swaync

    var query: [String] {
      switch self {
      case .dunst: return ["dunstctl", "is-paused"]
      case .mako: return ["makoctl", "mode"]
      case .swaync: return ["swaync-client", "--get-dnd"]
      }
    }

    func set(_ on: Bool) -> [String] {
      switch self {
      case .dunst: return ["dunstctl", "set-paused", on ? "true" : "false"]
      case .mako: return ["makoctl", "mode", on ? "-a" : "-r", "do-not-disturb"]
      case .swaync: return ["swaync-client", on ? "--dnd-on" : "--dnd-off"]
      }
    }

    /// Whether the query's output says do-not-disturb is on; nil if it cannot be read.
    func isOn(_ output: [String]) -> Bool? {
      switch self {
      case .dunst, .swaync:
        switch output.last {
        case "true": return true
        case "false": return false
        default: return nil
        }
      case .mako:
        return output.contains("do-not-disturb")
      }
    }
  }

  /// The job command that switches it `on` or back, for `choice`.
  public static func arguments(on: Bool, choice: FocusModeSettings.DoNotDisturb, folder: String) -> [String] {
    ["/proc/self/exe", command, folder, choice.rawValue, on ? "on" : "off"]
  }

  /// `pomobar __dnd FOLDER CHOICE on|off`; the exit status is the runner's to log.
  public static func run(_ arguments: [String]) -> Int32 { run(arguments, clock: SystemClock()) }

  /// `run`, timing the daemon's control program by `clock`.
  static func run(_ arguments: [String], clock: any ClockSource) -> Int32 {
    guard arguments.count == 3, let choice = FocusModeSettings.DoNotDisturb(rawValue: arguments[1]) else {
      print("usage: pomobar __dnd FOLDER off|auto|dunst|mako|swaync on|off")
      return 2
    }
    guard SessionBus.adopt() != nil else {
      // Its control programs would start a bus and a daemon of their own (`SessionBus`).
      print("no session bus here (DBUS_SESSION_BUS_ADDRESS unset, no $XDG_RUNTIME_DIR/bus): left as it is")
      return 1
    }
    let file = StateFolder(arguments[0]).doNotDisturb
    switch arguments[2] {
    case "on": return switchOn(choice, file, clock: clock)
    case "off": return restore(file, clock: clock)
    default:
      print("usage: pomobar __dnd FOLDER CHOICE on|off")
      return 2
    }
  }

  static func switchOn(_ choice: FocusModeSettings.DoNotDisturb, _ file: String, clock: any ClockSource)
    -> Int32
  {
    let daemon: Daemon
    if let saved = remembered(file) {
      daemon = saved.daemon
      print("\(daemon.rawValue): keeping the state remembered before (\(saved.on ? "on" : "off"))")
    } else {
      let candidates: [Daemon]
      switch choice {
      case .off: return 0
      case .auto: candidates = Daemon.allCases
      case .dunst: candidates = [.dunst]
      case .mako: candidates = [.mako]
      case .swaync: candidates = [.swaync]
      }
      var found: (Daemon, Bool)? = nil
      for candidate in candidates {
        let answer = ask(candidate.query, clock: clock)
        if let lines = answer.lines, let on = candidate.isOn(lines) {
          found = (candidate, on)
          break
        }
        print("\(candidate.rawValue): \(answer.problem ?? "cannot read its answer")")
      }
      guard let (chosen, on) = found else {
        print("no notification daemon answered; do-not-disturb not switched on")
        return 1
      }
      daemon = chosen
      do {
        try FileSystem.writeAtomically(file, Array("\(daemon.rawValue) \(on ? "on" : "off")\n".utf8))
      } catch {
        print("cannot remember the daemon's state in \(file): \(error); not switching it on")
        return 1
      }
      print("\(daemon.rawValue): do-not-disturb was \(on ? "on" : "off"); switching it on")
    }
    let result = ask(daemon.set(true), clock: clock)
    if let problem = result.problem { print("\(daemon.rawValue): \(problem)") }
    return result.problem == nil ? 0 : 1
  }

  static func restore(_ file: String, clock: any ClockSource) -> Int32 {
    guard let saved = remembered(file) else { return 0 }  // pomobar did not switch it on
    let result = ask(saved.daemon.set(saved.on), clock: clock)
    if let problem = result.problem {
      // Kept: the next focus end tries again rather than forget the user's state.
      print("\(saved.daemon.rawValue): \(problem); do-not-disturb not restored")
      return 1
    }
    FileSystem.remove(file)
    print("\(saved.daemon.rawValue): do-not-disturb back \(saved.on ? "on" : "off"), as it was")
    return 0
  }

  /// What `on` wrote: the daemon and whether its do-not-disturb was on.
  static func remembered(_ file: String) -> (daemon: Daemon, on: Bool)? {
    guard let bytes = try? FileSystem.readRegularFile(file, limit: 256, followSymlinks: false) else {
      return nil
    }
    let words = String(decoding: bytes, as: UTF8.self).split(whereSeparator: { $0 == " " || $0 == "\n" })
    guard words.count == 2, let daemon = Daemon(rawValue: String(words[0])),
      words[1] == "on" || words[1] == "off"
    else { return nil }
    return (daemon, words[1] == "on")
  }

  /// Runs a control program for up to 3 s: its output lines, or what went wrong.
  static func ask(_ arguments: [String], clock: any ClockSource) -> (lines: [String]?, problem: String?) {
    let result = ChildProcess.capture(
      arguments, deadline: clock.read().monotonic + 3_000_000_000, clock: clock)
    let shown = arguments.joined(separator: " ")
    if let error = result.error { return (nil, "\(shown): \(error)") }
    if let stopped = result.stopped { return (nil, "\(shown): \(stopped)") }
    guard result.succeeded else {
      let said = result.lines.first.map { ": \($0)" } ?? ""
      return (nil, "\(shown): exit \(result.status ?? -1)\(said)")
    }
    return (result.lines, nil)
  }
}
