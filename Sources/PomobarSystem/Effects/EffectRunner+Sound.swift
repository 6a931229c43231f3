import PomobarCore

extension EffectRunner {
  static let soundsKept = 2

  /// The sounds `effects` call for (`[sound]`), as a job of their own; nil when none.
  ///
  /// A job of its own, so its runner plays them while the hooks' runner runs hooks: a
  /// sound is never delayed behind a slow hook. At most the last `soundsKept` play: one
  /// phase boundary has an end and a start, and a catch-up over hours of phases that ended
  /// while nothing ran must not replay a sound for each (it alerts once, as the
  /// notification does). Which file and which player is decided by
  /// that runner (`SoundPlayer`): no `PATH` lookup here, under the state lock.
  public func soundJob(for effects: [Effect], commit: StateStore.Commit? = nil) -> EffectJob? {
    let settings = config.sound
    guard settings.enabled, settings.volume > 0 else { return nil }
    var sounds: [EffectJob.Sound] = []
    for case .runHook(let event, _) in effects {
      guard let sound = settings.sounds[event], !sound.isEmpty else { continue }
      sounds.append(
        EffectJob.Sound(
          label: "sound:" + event.rawValue, sound: sound, volume: settings.volume, command: settings.command))
    }
    guard !sounds.isEmpty else { return nil }
    return EffectJob(
      commands: [], sounds: Array(sounds.suffix(Self.soundsKept)), timeout: settings.timeout, log: logPath,
      commit: commit)
  }
}
