import PomobarCore

/// One notification for `pomobar __notify JOB`: what to run, which buttons it has, and
/// what the timer must still be for a button to act.
///
/// Built by `EffectRunner` from a `NotificationPlan`, passed as one JSON argument like
/// the effect runner's own job.
public struct NotificationJob: Equatable, Sendable {
  public struct Button: Equatable, Sendable {
    /// What notify-send prints when it is pressed.
    public var name: String
    /// The words after `pomobar ctl` that it stands for, e.g. `["extend", "5m"]`.
    public var ctl: [String]

    public init(name: String, ctl: [String]) {
      self.name = name
      self.ctl = ctl
    }
  }

  /// notify-send and all its arguments, but `--icon` when `icon` is nil.
  public var arguments: [String]
  /// nil: pomobar's tomato if it is installed, else a theme icon (`Notifier.defaultIcon`).
  public var icon: String?
  public var buttons: [Button]
  /// `NotificationSubject` of the state it is about.
  public var subject: String
  /// The state folder: the notification's record, lock and failure mark.
  public var folder: String
  public var log: String
  /// How long it may wait for a button, at most.
  public var lifetime: Duration
  /// The config the bar that made the transition uses (its `--config`); nil: the default.
  public var configPath: String?

  public init(
    arguments: [String], icon: String?, buttons: [Button], subject: String, folder: String, log: String,
    lifetime: Duration, configPath: String?
  ) {
    self.arguments = arguments
    self.icon = icon
    self.buttons = buttons
    self.subject = subject
    self.folder = folder
    self.log = log
    self.lifetime = lifetime
    self.configPath = configPath
  }

  public func json() -> String {
    var fields: [(String, JSONValue)] = [
      ("argv", .array(arguments.map { .string($0) })),
      (
        "buttons",
        .array(buttons.map { ["name": .string($0.name), "ctl": .array($0.ctl.map { .string($0) })] })
      ),
      ("subject", .string(subject)), ("folder", .string(folder)), ("log", .string(log)),
      ("lifetime", .integer(lifetime.nanoseconds)),
    ]
    if let icon { fields.append(("icon", .string(icon))) }
    if let configPath { fields.append(("config", .string(configPath))) }
    return JSON.serialize(.object(fields))
  }

  /// A job from `json()`; nil for anything else.
  public init?(json text: String) {
    guard let root = try? JSON.parse(text), let arguments = root["argv"]?.stringsValue, !arguments.isEmpty,
      case .array(let items)? = root["buttons"], let subject = root["subject"]?.stringValue,
      let folder = root["folder"]?.stringValue, let log = root["log"]?.stringValue,
      let lifetime = root["lifetime"]?.int64Value, lifetime > 0
    else { return nil }
    var buttons: [Button] = []
    for item in items {
      guard let name = item["name"]?.stringValue, let ctl = item["ctl"]?.stringsValue, !ctl.isEmpty else {
        return nil
      }
      buttons.append(Button(name: name, ctl: ctl))
    }
    self.init(
      arguments: arguments, icon: root["icon"]?.stringValue, buttons: buttons, subject: subject,
      folder: folder,
      log: log, lifetime: .nanoseconds(lifetime), configPath: root["config"]?.stringValue)
  }
}
