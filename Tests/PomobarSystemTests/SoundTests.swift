import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Sounds played by the real binary through fake players on `PATH` that record their
/// arguments (real players are absent on CI): which player, which file, which volume,
/// never behind a slow hook, and a missing player said once.
@Suite("Sound", .serialized)
struct SoundTests {
  /// A folder for `PATH` with the tools the tests' hooks use and the fake `players`,
  /// each recording `PLAYER|ARG|ARG...` as one line of `played`; and a sound theme
  /// folder holding `themeSounds`. Returns the `played` log's path.
  private func fakeWorld(_ sandbox: Sandbox, players: [String], themeSounds: [String]) throws -> String {
    let bin = sandbox.root + "/bin"
    let played = sandbox.root + "/played"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    for tool in ["sleep", "mv", "cat"] {
      let real = ["/usr/bin/" + tool, "/bin/" + tool].first { FileManager.default.fileExists(atPath: $0) }!
      try FileManager.default.createSymbolicLink(atPath: bin + "/" + tool, withDestinationPath: real)
    }
    for name in players {
      let script =
        "#!/bin/sh\n{ printf '%s' '\(name)'; for a; do printf '|%s' \"$a\"; done; echo; } >> '\(played)'\n"
      try sandbox.write(script, to: bin + "/" + name)
      chmod(bin + "/" + name, 0o755)
    }
    let theme = sandbox.root + "/share/sounds/freedesktop/stereo"
    try FileManager.default.createDirectory(atPath: theme, withIntermediateDirectories: true)
    for sound in themeSounds { try sandbox.write("OggS fake", to: theme + "/" + sound + ".oga") }
    sandbox.setEnvironment("PATH", bin)
    sandbox.setEnvironment("XDG_DATA_DIRS", sandbox.root + "/share")
    return played
  }

  private func lines(_ sandbox: Sandbox, _ path: String) -> [String] {
    (sandbox.read(path) ?? "").split(separator: "\n").map(String.init)
  }

  @Test("The first player on PATH plays the theme's file at the volume, while a slow hook still runs")
  func aSoundIsNeverBehindASlowHook() async throws {
    // The hook runs until the test lets it go: the sound must not wait for it, however
    // late this test looks.
    func config(release: String) -> String {
      """
      [timer]
      focus = "1s"
      [hooks]
      focus-end = "while [ ! -e '\(release)' ]; do sleep 0.05; done"
      [sound]
      enabled = true
      volume = 40
      """
    }
    try await withSandbox(config: config(release: "/nonexistent"), hooks: false, notifications: false) { sandbox in
      let release = sandbox.root + "/release-hook"
      try sandbox.writeConfig(config(release: release), hooks: false, notifications: false)
      let played = try fakeWorld(sandbox, players: ["pw-play", "paplay", "aplay"], themeSounds: ["complete"])
      let log = sandbox.stateDirectory + "/hooks.log"
      _ = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("start")
      let sounds = try await eventually("a sound", timeout: 10) { lines(sandbox, played).first.map { [$0] } }
      let hookDone = (sandbox.read(log) ?? "").contains("focus-end: exit 0")
      #expect(!hookDone, "the sound started while the hook still ran:\n\(sandbox.read(log) ?? "")")
      let file = sandbox.root + "/share/sounds/freedesktop/stereo/complete.oga"
      #expect(sounds == ["pw-play|--volume=0.40|\(file)"])
      try sandbox.write("", to: release)
      try await eventually("the hook's end", timeout: 10) {
        (sandbox.read(log) ?? "").contains("focus-end: exit 0") ? true : nil
      }
      #expect(lines(sandbox, played).count == 1, "one sound: focus-done (focus-end has none)")
      #expect((sandbox.read(log) ?? "").contains("sound:focus-done: exit 0 after"))
    }
  }

  @Test(
    "Without pw-play and paplay, aplay plays files; a theme name without its file goes to canberra-gtk-play")
  func theFallbackOrder() async throws {
    let config = """
      [timer]
      focus = "1s"
      short-break = "1s"
      auto-advance = "to-break"
      [sound]
      enabled = true
      volume = 50
      """
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      // `complete` is installed, `bell` is not.
      let played = try fakeWorld(sandbox, players: ["aplay", "canberra-gtk-play"], themeSounds: ["complete"])
      _ = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("start")
      let sounds = try await eventually("two sounds", timeout: 12) {
        lines(sandbox, played).count >= 2 ? lines(sandbox, played) : nil
      }
      let file = sandbox.root + "/share/sounds/freedesktop/stereo/complete.oga"
      #expect(sounds == ["aplay|\(file)", "canberra-gtk-play|-i|bell|-V|-6.0"])
    }
  }

  @Test("With no player at all, sounds are silence and hooks.log says so once")
  func noPlayerIsSaidOnce() async throws {
    let config = """
      [timer]
      focus = "1s"
      short-break = "1s"
      auto-advance = "all"
      [sound]
      enabled = true
      """
    try await withSandbox(config: config, hooks: false, notifications: false) { sandbox in
      _ = try fakeWorld(sandbox, players: [], themeSounds: ["complete", "bell"])
      let log = sandbox.stateDirectory + "/hooks.log"
      let bar = try await sandbox.startBar(.i3bar)
      try await sandbox.ctl("start")
      // Two focus ends and two break ends: four sounds that cannot be played.
      try await eventually("two whole cycles", timeout: 20) {
        var phases: [String] = []
        for label in bar.frames.map(\.label) where phases.last != label { phases.append(label) }
        let breaks = phases.indices.filter { phases[$0] == "Short break" }
        return breaks.count >= 2 && breaks[1] + 1 < phases.count ? true : nil
      }
      try await sandbox.waitForEffects()  // the runner of the last break end writes its line
      let said =
        (sandbox.read(log) ?? "").components(separatedBy: "not played: no sound player on PATH").count - 1
      #expect(said == 1, "\(sandbox.read(log) ?? "")")
      #expect((sandbox.read(log) ?? "").contains("(said once)"))
    }
  }
}
