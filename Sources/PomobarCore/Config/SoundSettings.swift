/// `[sound]`: a sound at chosen events, played by a short-lived player process.
public struct SoundSettings: Equatable, Sendable {
  public var enabled = false
  /// What to play at each event: a file path (it has a `/`; a leading `~/` is the home
  /// folder) or a freedesktop sound-theme name (`complete`, `bell`); "" plays nothing.
  /// `any` has none: a sound for every event would be noise.
  public var sounds: [HookEvent: String] = [.focusDone: "complete", .breakEnd: "bell"]
  /// 0 to 100 percent of the player's full volume.
  public var volume = 100
  /// The player and its arguments, the file added last; nil picks one (pw-play, paplay,
  /// aplay, or canberra-gtk-play for theme names).
  public var command: [String]? = nil
  /// A player still running after this long is killed with its process group.
  public var timeout: Duration = .seconds(10)

  /// The events a sound can be set for: every hook event but `any`.
  public static let events = HookEvent.allCases.filter { $0 != .any }

  public init() {}
}
