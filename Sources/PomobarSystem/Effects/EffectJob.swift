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

  public var commands: [Command]
  /// How long each command may run before its process group is killed.
  public var timeout: Duration
  /// The log that takes every command's output and exit status.
  public var log: String
  /// The state write that owes these commands: they run only if it was committed.
  public var commit: StateStore.Commit?
  /// Whether a notification may be open that this write could have made stale: the runner
  /// then closes it (`Notifier.closeIfStale`) before its commands.
  public var closeStale = false

  public init(commands: [Command], timeout: Duration, log: String, commit: StateStore.Commit? = nil) {
    self.commands = commands
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
      guard let label = item["label"]?.stringValue, let argv = Self.strings(item["argv"]),
        !argv.isEmpty, let env = Self.strings(item["env"])
      else { return nil }
      commands.append(
        Command(
          label: label, arguments: argv, environment: env, detached: item["detached"]?.boolValue ?? false))
    }
    var commit: StateStore.Commit? = nil
    if let given = root["commit"] {
      guard let name = given["name"]?.stringValue, let state = given["state"]?.stringValue,
        let lock = given["lock"]?.stringValue
      else { return nil }
      commit = StateStore.Commit(name: name, statePath: state, lockPath: lock)
    }
    self.init(commands: commands, timeout: .nanoseconds(timeout), log: log, commit: commit)
    closeStale = root["close-stale"]?.boolValue ?? false
  }

  private static func strings(_ value: JSONValue?) -> [String]? {
    guard case .array(let items)? = value else { return nil }
    var strings: [String] = []
    for item in items {
      guard let string = item.stringValue else { return nil }
      strings.append(string)
    }
    return strings
  }
}
