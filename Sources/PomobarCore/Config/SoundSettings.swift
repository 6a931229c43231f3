/// `[sound]`: a sound at chosen events, played by a short-lived player process.
public struct SoundSettings: Equatable, Sendable {
  public var enabled = false
  /// What to play at each event: a file path (it has a `/`; a leading `~/` is the home
  /// folder) or a freedesktop sound-theme name (`complete`, `bell`); "" plays nothing.
  /// `any` has none: a sound for every event would be noise.
  public var sounds: EventSounds = [.focusDone: "complete", .breakEnd: "bell"]
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

/// A sound per hook event, looked up like a dictionary. A place per event in a list: a
/// `[HookEvent: String]` made with every config checked `HookEvent: Hashable` at start-up,
/// a scan of all the binary's conformances (about 90k instructions, see docs/benchmarks.md).
public struct EventSounds: Equatable, Sendable, ExpressibleByDictionaryLiteral {
  private var byEvent = [String?](repeating: nil, count: HookEvent.allCases.count)

  public init(dictionaryLiteral elements: (HookEvent, String)...) {
    for (event, sound) in elements { self[event] = sound }
  }

  public subscript(event: HookEvent) -> String? {
    get { byEvent[Self.place(event)] }
    set { byEvent[Self.place(event)] = newValue }
  }

  /// The events with a sound set ("" too), in `HookEvent` order.
  public var keys: [HookEvent] { HookEvent.allCases.filter { self[$0] != nil } }

  private static func place(_ event: HookEvent) -> Int {
    HookEvent.allCases.firstIndex { $0 == event } ?? 0
  }
}
