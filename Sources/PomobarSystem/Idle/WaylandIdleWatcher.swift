import PomobarCore

/// When input stops and starts again under a Wayland compositor, as the compositor tells
/// it: one idle timer on the first seat, from `ext_idle_notifier_v1`, or from
/// `org_kde_kwin_idle` where only that is offered (sway 1.7). The socket becomes readable
/// only when the timer fires or input resumes.
///
/// Set up synchronously, each answer waited for at most `answerTimeout`: a compositor
/// that does not answer costs a bar start a bounded moment and a warning, never a hang.
public final class WaylandIdleWatcher {
  public let descriptor: FileDescriptor
  /// The protocol the compositor offered.
  public let idleProtocol: WaylandWire.IdleProtocol
  private var buffer: [UInt8] = []
  private let timer: UInt32 = 6

  static let answerTimeout: Int32 = 2000

  public struct Problem: Error, CustomStringConvertible {
    public var description: String
  }

  public init(environment: Environment, threshold: Duration) throws(Problem) {
    guard let name = environment["WAYLAND_DISPLAY"] else { throw Problem(description: "WAYLAND_DISPLAY is not set") }
    let path: String
    if name.hasPrefix("/") {
      path = name
    } else {
      guard let runtime = environment["XDG_RUNTIME_DIR"] else {
        throw Problem(description: "XDG_RUNTIME_DIR is not set (the Wayland socket is there)")
      }
      path = runtime + "/" + name
    }
    let fd: FileDescriptor
    do {
      fd = try UnixSocket.connect(path)
    } catch {
      throw Problem(description: "cannot reach the Wayland compositor: \(error)")
    }
    descriptor = fd
    var buffer: [UInt8] = []
    func events(until done: (WaylandWire.Event) -> Bool) throws(Problem) -> [WaylandWire.Event] {
      var seen: [WaylandWire.Event] = []
      while true {
        for event in WaylandWire.events(&buffer) {
          if let error = event.displayError { throw Problem(description: "the Wayland compositor refused: \(error)") }
          seen.append(event)
          if done(event) { return seen }
        }
        switch fd.receive(into: &buffer, waiting: Self.answerTimeout) {
        case .more: continue
        case .timedOut: throw Problem(description: "the Wayland compositor does not answer")
        case .closed: throw Problem(description: "the Wayland compositor closed the connection")
        }
      }
    }
    // Objects: 2 the registry, 3 the first sync's callback, 4 the seat, 5 the notifier, 6
    // the timer (`timer`), 7 the second sync's callback.
    let (registry, listed, seat, notifier, confirmed): (UInt32, UInt32, UInt32, UInt32, UInt32) = (2, 3, 4, 5, 7)
    do {
      try fd.write(WaylandWire.getRegistry(registry) + WaylandWire.sync(listed))
      let globals = try events { $0.object == listed }.filter { $0.object == registry }.compactMap(\.global)
      guard let seatGlobal = globals.first(where: { $0.interface == "wl_seat" }) else {
        throw Problem(description: "the Wayland compositor has no seat")
      }
      // The standard protocol where both are offered.
      guard
        let (chosen, global) = WaylandWire.IdleProtocol.allCases.lazy.compactMap({ kind in
          globals.first { $0.interface == kind.rawValue }.map { (kind, $0) }
        }).first
      else {
        throw Problem(
          description: "the Wayland compositor offers no idle protocol (ext_idle_notifier_v1 or org_kde_kwin_idle)")
      }
      idleProtocol = chosen
      let milliseconds = UInt32(clamping: max(1, threshold.nanoseconds / 1_000_000))
      try fd.write(
        WaylandWire.bind(registry: registry, name: seatGlobal.name, interface: "wl_seat", version: 1, id: seat)
          + WaylandWire.bind(registry: registry, name: global.name, interface: chosen.rawValue, version: 1, id: notifier)
          + chosen.timer(notifier: notifier, id: timer, seat: seat, milliseconds: milliseconds)
          + WaylandWire.sync(confirmed))
      // An error for any of them comes before the sync's `done`.
      _ = try events { $0.object == confirmed }
    } catch let problem as Problem {
      fd.close()
      throw problem
    } catch {
      fd.close()
      throw Problem(description: "cannot speak to the Wayland compositor: \(error)")
    }
    self.buffer = buffer
  }

  /// What the timer said since the last call: read when the descriptor is readable.
  /// Throws when the compositor went away.
  public func read() throws(Problem) -> [IdleChange] {
    let open: Bool
    do { open = try descriptor.drain(into: &buffer) } catch {
      throw Problem(description: "the Wayland connection failed: \(error)")
    }
    guard open else { throw Problem(description: "the Wayland compositor closed the connection") }
    var changes: [IdleChange] = []
    for event in WaylandWire.events(&buffer) {
      if let error = event.displayError { throw Problem(description: "the Wayland compositor refused: \(error)") }
      guard event.object == timer else { continue }
      switch event.opcode {
      case 0: changes.append(.idle(milliseconds: nil))
      case 1: changes.append(.active)
      default: continue
      }
    }
    return changes
  }

  deinit { descriptor.close() }
}
