import PomobarCore

/// Plays `[sound]`'s sounds: finds the file and a player, runs the player as a short-lived
/// child (one process per sound, so nothing holds the audio device between sounds), kills
/// it at the timeout, and says a problem (no file, no player) once.
///
/// The player, unless `[sound] command` names one: the first of `pw-play` (PipeWire),
/// `paplay` (PulseAudio, also on PipeWire's pulse server) and `aplay` (ALSA) found on
/// `PATH`, given the file; else `canberra-gtk-play`, given the theme name (`-i NAME`, it
/// finds the file itself) or the file (`-f`). A theme name is looked up as the sound
/// theme spec does for the freedesktop theme: `sounds/freedesktop/stereo/NAME.oga` (also
/// `.ogg`, `.wav`) under `$XDG_DATA_HOME` and each of `$XDG_DATA_DIRS` (Debian's
/// `sound-theme-freedesktop` installs `/usr/share/sounds/freedesktop/stereo/`).
///
/// The volume, 0-100: `pw-play --volume=0.50`, `paplay --volume=32768` (of 65536),
/// `canberra-gtk-play -V -6.0` (dB); `aplay` has no volume option and plays at the
/// mixer's level; a command of one's own gets `POMOBAR_VOLUME` in its environment.
///
/// There is no terminal bell to fall back to: the runner is detached from any terminal,
/// and a bar's stdout is its protocol stream, where a BEL byte would be noise at best. A
/// sound that cannot be played is silence, with one line in `hooks.log` (remembered in
/// `sound.reported` in the state folder until a sound plays again).
public struct SoundPlayer {
  /// Where a program is: `PATH` lookup (tests substitute their own).
  var find: (String) -> String?
  /// Whether a file is there to be played.
  var exists: (String) -> Bool
  /// The folders searched for theme sounds, in order.
  var dataFolders: [String]
  var home: String?

  static let filePlayers = ["pw-play", "paplay", "aplay"]
  static let themePlayer = "canberra-gtk-play"

  /// What to do for one sound.
  enum Plan: Equatable {
    case play([String])
    /// Cannot be played: why, for the log.
    case problem(String)
  }

  init(
    find: @escaping (String) -> String?, exists: @escaping (String) -> Bool, dataFolders: [String],
    home: String?
  ) {
    self.find = find
    self.exists = exists
    self.dataFolders = dataFolders
    self.home = home
  }

  /// A player for the process's own environment and files.
  init(environment: Environment) {
    let home = environment["HOME"]
    var folders = [environment["XDG_DATA_HOME"] ?? (home ?? "") + "/.local/share"]
    folders += (environment["XDG_DATA_DIRS"] ?? "/usr/local/share:/usr/share").split(separator: ":").map(
      String.init)
    let path = environment["PATH"]
    self.init(
      find: { ProgramPath.find($0, path: path) },
      exists: FileSystem.isReadableRegularFile, dataFolders: folders, home: home)
  }

  /// The command that plays `sound` at `volume`, or why there is none.
  func plan(_ sound: String, volume: Int, command: [String]?) -> Plan {
    let isFile = sound.contains("/")
    var file: String? = nil
    if isFile {
      let path = expanded(sound)
      guard exists(path) else { return .problem("sound file \(path) not found") }
      file = path
    } else {
      file = themeFile(sound)
    }
    if let command {
      guard let file else { return .problem(notInTheme(sound)) }
      return .play(command + [file])
    }
    if let file {
      for name in Self.filePlayers {
        if let player = find(name) { return .play([player] + Self.volumeArguments(name, volume) + [file]) }
      }
    }
    if let canberra = find(Self.themePlayer) {
      let what = isFile ? ["-f", file ?? sound] : ["-i", sound]
      return .play([canberra] + what + Self.volumeArguments(Self.themePlayer, volume))
    }
    if file == nil { return .problem(notInTheme(sound) + " and canberra-gtk-play is not installed") }
    return .problem(
      "no sound player on PATH: install pipewire-bin (pw-play), pulseaudio-utils (paplay), "
        + "alsa-utils (aplay) or gnome-session-canberra (canberra-gtk-play)")
  }

  private func notInTheme(_ name: String) -> String {
    "sound '\(name)' is not in the freedesktop sound theme (looked in "
      + dataFolders.map { $0 + "/sounds/freedesktop/stereo" }.joined(separator: ", ")
      + "; Debian: sound-theme-freedesktop)"
  }

  /// The theme's file for `name`, if installed.
  func themeFile(_ name: String) -> String? {
    guard !name.isEmpty, !name.contains("/"), name != ".", name != ".." else { return nil }
    for folder in dataFolders where !folder.isEmpty {
      for suffix in [".oga", ".ogg", ".wav"] {
        let path = folder + "/sounds/freedesktop/stereo/" + name + suffix
        if exists(path) { return path }
      }
    }
    return nil
  }

  private func expanded(_ path: String) -> String {
    guard path.utf8.starts(with: "~/".utf8), let home else { return path }
    return home + path.dropFirst(1)
  }

  /// Each player's way of saying a volume of `percent` (nothing at 100, its default).
  static func volumeArguments(_ player: String, _ percent: Int) -> [String] {
    guard percent < 100 else { return [] }
    switch player {
    case "pw-play":
      return ["--volume=0." + (percent < 10 ? "0" : "") + "\(percent)"]
    case "paplay":
      return ["--volume=\(percent * 65536 / 100)"]
    case themePlayer:
      // Attenuation in decibels: 20·log10(amplitude), one decimal.
      let tenths = Int((200 * CMath.log10(Double(max(percent, 1)) / 100)).rounded())
      let sign = tenths < 0 ? "-" : ""
      return ["-V", "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"]
    default:
      return []  // aplay: no volume option
    }
  }

  /// Plays one sound to its end or the timeout; a problem is logged once.
  func play(
    _ sound: EffectJob.Sound, timeout: Duration, folder: String, clock: any ClockSource, log: inout HookLog
  ) {
    switch plan(sound.sound, volume: sound.volume, command: sound.command) {
    case .problem(let problem):
      if Self.firstReport(of: problem, folder: folder) {
        log.line("\(sound.label): not played: \(problem) (said once)")
      }
    case .play(let arguments):
      let command = EffectJob.Command(
        label: sound.label, arguments: arguments, environment: ["POMOBAR_VOLUME=\(sound.volume)"])
      if EffectSupervisor.run(command, timeout: timeout, clock: clock, log: &log) == nil {
        FileSystem.remove(StateFolder(folder).soundReported)  // sounds play: say the next problem again
      }
    }
  }

  /// Whether `problem` is said for the first time: remembered in `sound.reported`.
  static func firstReport(of problem: String, folder: String) -> Bool {
    let path = StateFolder(folder).soundReported
    let first = FileLock.withFolder(folder) { () -> Bool in
      let said = (try? FileSystem.readRegularFile(path, limit: 16384, followSymlinks: false)) ?? nil
      let lines = String(decoding: said ?? [], as: UTF8.self).split(separator: "\n").map(String.init)
      guard !lines.contains(problem) else { return false }
      let text = (lines.suffix(31) + [problem]).joined(separator: "\n") + "\n"
      try? FileSystem.writeAtomically(path, Array(text.utf8))
      return true
    }
    return first ?? true
  }
}

extension SoundPlayer {
  /// What would keep `settings`' sounds from playing here, by event: a missing file, no
  /// player, a `command` whose program is not on `PATH` (for `check-config`); nothing
  /// when sound is off.
  public static func problems(_ settings: SoundSettings, environment: Environment) -> [(HookEvent, String)] {
    guard settings.enabled, settings.volume > 0 else { return [] }
    let player = SoundPlayer(environment: environment)
    var problems: [(HookEvent, String)] = []
    for event in SoundSettings.events {
      guard let sound = settings.sounds[event], !sound.isEmpty else { continue }
      switch player.plan(sound, volume: settings.volume, command: settings.command) {
      case .problem(let problem):
        problems.append((event, problem))
      case .play(let arguments):
        if settings.command != nil, player.find(arguments[0]) == nil {
          problems.append((event, "the sound command's program '\(arguments[0])' is not on PATH"))
        }
      }
    }
    return problems
  }
}
