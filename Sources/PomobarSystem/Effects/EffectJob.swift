import PomobarCore

/// The commands one transition owes, in order, handed to pomobar's effect runner.
///
/// Built from the core's effects and the config by `EffectRunner.job`, passed to the
/// runner process as one JSON argument (no pipe that could block), and carried out by
/// `EffectSupervisor`.
public struct EffectJob: Equatable, Sendable {
  public struct Command: Equatable, Sendable {
    /// What the log calls it: the hook event (`focus-end`) or `notification`.
    public var label: String
    public var arguments: [String]
    /// `NAME=value` pairs added to the runner's own environment.
    public var environment: [String]
    /// Started in a session of its own and not waited for: the notification, which may
    /// wait for a button long after the job is done.
    public var detached: Bool

    public init(label: String, arguments: [String], environment: [String] = [], detached: Bool = false) {
      self.label = label
      self.arguments = arguments
      self.environment = environment
      self.detached = detached
    }
  }

  /// A sound to play at an event; the runner finds its file and player (`SoundPlayer`).
  public struct Sound: Equatable, Sendable {
    /// What the log calls it: `sound:focus-done`.
    public var label: String
    /// A file path or a sound-theme name, as `[sound]` has it.
    public var sound: String
    /// 0-100.
    public var volume: Int
    /// `[sound] command`; nil: pick a player.
    public var command: [String]?

    public init(label: String, sound: String, volume: Int, command: [String]?) {
      self.label = label
      self.sound = sound
      self.volume = volume
      self.command = command
    }
  }

  public var commands: [Command]
  /// Played first, one after another (a sound job has no commands: see `EffectRunner.start`).
  public var sounds: [Sound]
  /// How long each command may run before its process group is killed.
  public var timeout: Duration
  /// The log that takes every command's output and exit status.
  public var log: String
  /// The state write that owes these commands: they run only if it was committed.
  public var commit: StateStore.Commit?
  /// Whether a notification may be open that this write could have made stale: the runner
  /// then closes it (`Notifier.closeIfStale`) before its commands.
  public var closeStale = false

  public init(
    commands: [Command], sounds: [Sound] = [], timeout: Duration, log: String,
    commit: StateStore.Commit? = nil
  ) {
    self.commands = commands
    self.sounds = sounds
    self.timeout = timeout
    self.log = log
    self.commit = commit
  }

  public func json() -> String {
    let commands: [JSONValue] = commands.map { command in
      [
        "label": .string(command.label),
        "argv": .array(command.arguments.map { .string($0) }),
        "env": .array(command.environment.map { .string($0) }),
        "detached": .bool(command.detached),
      ]
    }
    var job: [(String, JSONValue)] = [
      ("timeout", .integer(timeout.nanoseconds)), ("log", .string(log)), ("commands", .array(commands)),
      ("close-stale", .bool(closeStale)),
    ]
    if !sounds.isEmpty {
      let sounds: [JSONValue] = sounds.map { sound in
        var fields: [(String, JSONValue)] = [
          ("label", .string(sound.label)), ("sound", .string(sound.sound)),
          ("volume", .integer(Int64(sound.volume))),
        ]
        if let command = sound.command { fields.append(("command", .array(command.map { .string($0) }))) }
        return .object(fields)
      }
      job.append(("sounds", .array(sounds)))
    }
    if let commit {
      job.append(
        (
          "commit",
          [
            "name": .string(commit.name), "state": .string(commit.statePath),
            "lock": .string(commit.lockPath),
          ]
        ))
    }
    return JSON.serialize(.object(job))
  }

  /// A job from `json()`; nil for anything else.
  public init?(json text: String) {
    guard let root = try? JSON.parse(text), let timeout = root["timeout"]?.int64Value, timeout > 0,
      let log = root["log"]?.stringValue, case .array(let items)? = root["commands"]
    else { return nil }
    var commands: [Command] = []
    for item in items {
      guard let label = item["label"]?.stringValue, let argv = item["argv"]?.stringsValue,
        !argv.isEmpty, let env = item["env"]?.stringsValue
      else { return nil }
      commands.append(
        Command(
          label: label, arguments: argv, environment: env, detached: item["detached"]?.boolValue ?? false))
    }
    var sounds: [Sound] = []
    if case .array(let items)? = root["sounds"] {
      for item in items {
        guard let label = item["label"]?.stringValue, let sound = item["sound"]?.stringValue,
          let volume = item["volume"]?.int64Value, (0...100).contains(volume)
        else { return nil }
        var command: [String]? = nil
        if let given = item["command"] {
          guard let words = given.stringsValue, !words.isEmpty else { return nil }
          command = words
        }
        sounds.append(Sound(label: label, sound: sound, volume: Int(volume), command: command))
      }
    }
    var commit: StateStore.Commit? = nil
    if let given = root["commit"] {
      guard let name = given["name"]?.stringValue, let state = given["state"]?.stringValue,
        let lock = given["lock"]?.stringValue
      else { return nil }
      commit = StateStore.Commit(name: name, statePath: state, lockPath: lock)
    }
    self.init(commands: commands, sounds: sounds, timeout: .nanoseconds(timeout), log: log, commit: commit)
    closeStale = root["close-stale"]?.boolValue ?? false
  }
}
