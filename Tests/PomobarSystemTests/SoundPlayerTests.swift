import Foundation
import PomobarCore
import Testing

@testable import PomobarSystem

/// Which player plays which file: the fallback order with fake programs and files (real
/// players are absent on CI), and the volume each player is given.
@Suite("Sound player choice")
struct SoundPlayerTests {
  private let theme = "/share/sounds/freedesktop/stereo/"

  private func player(programs: [String], files: [String]) -> SoundPlayer {
    SoundPlayer(
      find: { name in programs.contains(name) ? "/bin/" + name : nil }, exists: { files.contains($0) },
      dataFolders: ["/home/me/.local/share", "/share"], home: "/home/me")
  }

  @Test func theFirstFilePlayerOnPathPlaysTheThemeFile() {
    let file = theme + "complete.oga"
    let all = ["pw-play", "paplay", "aplay", "canberra-gtk-play"]
    #expect(
      player(programs: all, files: [file]).plan("complete", volume: 100, command: nil)
        == .play(["/bin/pw-play", file]))
    #expect(
      player(programs: Array(all.dropFirst()), files: [file]).plan("complete", volume: 100, command: nil)
        == .play(["/bin/paplay", file]))
    #expect(
      player(programs: ["aplay", "canberra-gtk-play"], files: [file]).plan(
        "complete", volume: 100, command: nil)
        == .play(["/bin/aplay", file]))
    #expect(
      player(programs: ["canberra-gtk-play"], files: [file]).plan("complete", volume: 100, command: nil)
        == .play(["/bin/canberra-gtk-play", "-i", "complete"]))
  }

  @Test func aThemeNameWithoutItsFileGoesToCanberraWhichFindsItItself() {
    #expect(
      player(programs: ["pw-play", "canberra-gtk-play"], files: []).plan("bell", volume: 100, command: nil)
        == .play(["/bin/canberra-gtk-play", "-i", "bell"]))
    guard
      case .problem(let why) = player(programs: ["pw-play"], files: []).plan(
        "bell", volume: 100, command: nil)
    else {
      Issue.record("a theme sound without its file or canberra cannot be played")
      return
    }
    #expect(why.contains("sound 'bell' is not in the freedesktop sound theme"), "\(why)")
    #expect(why.contains("sound-theme-freedesktop"))
  }

  @Test func theUsersOwnFolderComesFirstAndOggAndWavAreFound() {
    let own = "/home/me/.local/share/sounds/freedesktop/stereo/bell.wav"
    #expect(
      player(programs: ["paplay"], files: [theme + "bell.oga", own]).plan("bell", volume: 100, command: nil)
        == .play(["/bin/paplay", own]))
  }

  @Test func aFilePathIsPlayedAsItIsWithTildeForHome() {
    #expect(
      player(programs: ["pw-play"], files: ["/home/me/ding.wav"]).plan(
        "~/ding.wav", volume: 100, command: nil)
        == .play(["/bin/pw-play", "/home/me/ding.wav"]))
    #expect(
      player(programs: ["canberra-gtk-play"], files: ["/x/ding.wav"]).plan(
        "/x/ding.wav", volume: 100, command: nil)
        == .play(["/bin/canberra-gtk-play", "-f", "/x/ding.wav"]))
    #expect(
      player(programs: ["pw-play"], files: []).plan("/x/gone.wav", volume: 100, command: nil)
        == .problem("sound file /x/gone.wav not found"))
  }

  @Test func noPlayerAtAllIsAProblemThatNamesThePackages() {
    guard
      case .problem(let why) = player(programs: [], files: [theme + "complete.oga"]).plan(
        "complete", volume: 50, command: nil)
    else {
      Issue.record("no player: a problem")
      return
    }
    #expect(why.hasPrefix("no sound player on PATH"), "\(why)")
    #expect(why.contains("pipewire-bin") && why.contains("alsa-utils"))
  }

  @Test func aCommandOfOnesOwnGetsTheFileLast() {
    #expect(
      player(programs: [], files: [theme + "complete.oga"]).plan(
        "complete", volume: 30, command: ["mpv", "--really-quiet"])
        == .play(["mpv", "--really-quiet", theme + "complete.oga"]))
  }

  @Test func eachPlayerSaysTheVolumeItsOwnWay() {
    #expect(SoundPlayer.volumeArguments("pw-play", 100) == [])
    #expect(SoundPlayer.volumeArguments("pw-play", 50) == ["--volume=0.50"])
    #expect(SoundPlayer.volumeArguments("pw-play", 5) == ["--volume=0.05"])
    #expect(SoundPlayer.volumeArguments("paplay", 50) == ["--volume=32768"])
    #expect(SoundPlayer.volumeArguments("paplay", 1) == ["--volume=655"])
    #expect(SoundPlayer.volumeArguments("aplay", 50) == [])
    #expect(SoundPlayer.volumeArguments("canberra-gtk-play", 50) == ["-V", "-6.0"])
    #expect(SoundPlayer.volumeArguments("canberra-gtk-play", 10) == ["-V", "-20.0"])
    #expect(SoundPlayer.volumeArguments("canberra-gtk-play", 100) == [])
  }

  @Test func aSoundJobRoundTripsAndHasOnlyTheSoundsOfItsEvents() {
    var config = Config()
    config.sound.enabled = true
    config.sound.volume = 40
    config.sound.sounds[.focusStart] = "/x/start.wav"
    config.sound.sounds[.breakEnd] = ""  // turned off
    let runner = EffectRunner(config: config, logFolder: "/state")
    let context = HookContext(phase: .focus, slot: 1, completed: 1, next: .shortBreak)
    let job = runner.soundJob(for: [
      .persist, .runHook(.focusEnd, context), .runHook(.focusDone, context), .runHook(.breakEnd, context),
      .runHook(.focusStart, context),
    ])
    #expect(
      job?.sounds == [
        EffectJob.Sound(label: "sound:focus-done", sound: "complete", volume: 40, command: nil),
        EffectJob.Sound(label: "sound:focus-start", sound: "/x/start.wav", volume: 40, command: nil),
      ])
    #expect(job?.commands == [])
    #expect(job?.timeout == .seconds(10))
    if let job { #expect(EffectJob(json: job.json()) == job) }
    // A catch-up over many phases plays the last two sounds, not one for each.
    let catchUp = (0..<6).flatMap { _ in
      [Effect.runHook(.focusDone, context), .runHook(.focusStart, context)]
    }
    #expect(
      runner.soundJob(for: catchUp + [.runHook(.breakEnd, context)])?.sounds.map(\.label) == [
        "sound:focus-done", "sound:focus-start",
      ])
    config.sound.enabled = false
    #expect(
      EffectRunner(config: config, logFolder: "/s").soundJob(for: [.runHook(.focusDone, context)]) == nil)
  }
}
