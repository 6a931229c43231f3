import PomobarCore

/// When input stops and starts again under a Wayland compositor, as the compositor tells
/// it: one idle timer on the first seat, from `ext_idle_notifier_v1`, or from
/// `org_kde_kwin_idle` where only that is offered (sway 1.7). The socket becomes readable
/// only when the timer fires or input resumes.
///
/// Set up synchronously, each answer waited for a bounded time (`IdleConnection`).
public final class WaylandIdleWatcher {
  private let connection: IdleConnection
  public var descriptor: FileDescriptor { connection.descriptor }
  /// The protocol the compositor offered.
  public let idleProtocol: WaylandWire.IdleProtocol
  private let timer: UInt32 = 6

  public typealias Problem = IdleWatch.Problem

  public init(environment: Environment, threshold: Duration) throws(Problem) {
    guard let name = environment["WAYLAND_DISPLAY"] else { throw Problem("WAYLAND_DISPLAY is not set") }
    let path: String
    if name.hasPrefix("/") {
      path = name
    } else {
      guard let runtime = environment["XDG_RUNTIME_DIR"] else {
        throw Problem("XDG_RUNTIME_DIR is not set (the Wayland socket is there)")
      }
      path = runtime + "/" + name
    }
    let connection = try IdleConnection(path, peer: "the Wayland compositor")
    self.connection = connection
    func events(until done: (WaylandWire.Event) -> Bool) throws(Problem) -> [WaylandWire.Event] {
      var seen: [WaylandWire.Event] = []
      while true {
        for event in WaylandWire.events(&connection.buffer) {
          if let error = event.displayError { throw Problem("the Wayland compositor refused: \(error)") }
          seen.append(event)
          if done(event) { return seen }
        }
        try connection.awaitAnswer()
      }
    }
    // Objects: 2 the registry, 3 the first sync's callback, 4 the seat, 5 the notifier, 6
    // the timer (`timer`), 7 the second sync's callback.
    let (registry, listed, seat, notifier, confirmed): (UInt32, UInt32, UInt32, UInt32, UInt32) = (2, 3, 4, 5, 7)
    try connection.send(WaylandWire.getRegistry(registry) + WaylandWire.sync(listed))
    let globals = try events { $0.object == listed }.filter { $0.object == registry }.compactMap(\.global)
    guard let seatGlobal = globals.first(where: { $0.interface == "wl_seat" }) else {
      throw Problem("the Wayland compositor has no seat")
    }
    // The standard protocol where both are offered.
    guard
      let (chosen, global) = WaylandWire.IdleProtocol.allCases.lazy.compactMap({ kind in
        globals.first { $0.interface == kind.rawValue }.map { (kind, $0) }
      }).first
    else {
      throw Problem("the Wayland compositor offers no idle protocol (ext_idle_notifier_v1 or org_kde_kwin_idle)")
    }
    idleProtocol = chosen
    let milliseconds = UInt32(clamping: max(1, threshold.nanoseconds / 1_000_000))
    try connection.send(
      WaylandWire.bind(registry: registry, name: seatGlobal.name, interface: "wl_seat", version: 1, id: seat)
        + WaylandWire.bind(registry: registry, name: global.name, interface: chosen.rawValue, version: 1, id: notifier)
        + chosen.timer(notifier: notifier, id: timer, seat: seat, milliseconds: milliseconds)
        + WaylandWire.sync(confirmed))
    // An error for any of them comes before the sync's `done`.
    _ = try events { $0.object == confirmed }
  }

  /// What the timer said since the last call: read when the descriptor is readable.
  /// Throws when the compositor went away.
  public func read() throws(Problem) -> [IdleChange] {
    try connection.drain()
    var changes: [IdleChange] = []
    for event in WaylandWire.events(&connection.buffer) {
      if let error = event.displayError { throw Problem("the Wayland compositor refused: \(error)") }
      guard event.object == timer else { continue }
      switch event.opcode {
      case 0: changes.append(.idle(milliseconds: nil))
      case 1: changes.append(.active)
      default: continue
      }
    }
    return changes
  }
}
