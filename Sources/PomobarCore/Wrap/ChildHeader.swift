/// The i3bar protocol header a wrapped status command wrote (swaybar-protocol(7)), with
/// the bar's defaults for what it left out.
public struct ChildHeader: Equatable, Sendable {
  public var version = 1
  /// Whether it wants click events on its stdin.
  public var clickEvents = false
  /// The signal it wants when the bar is hidden; 0 for none. SIGSTOP by default.
  public var stopSignal: Int32 = 19
  /// The signal it wants when the bar is shown again; SIGCONT by default.
  public var contSignal: Int32 = 18

  public init() {}

  /// The header in `json`, or nil when it is not one: an object with an integer `version`.
  /// Fields of the wrong type, or signals out of range, keep their defaults.
  public init?(json: JSONValue) {
    guard json.objectValue != nil, let version = json["version"]?.int64Value else { return nil }
    self.version = Int(clamping: version)
    if let clicks = json["click_events"]?.boolValue { clickEvents = clicks }
    if let stop = json["stop_signal"]?.int64Value, (0...64).contains(stop) { stopSignal = Int32(stop) }
    if let cont = json["cont_signal"]?.int64Value, (1...64).contains(cont) { contSignal = Int32(cont) }
  }
}
