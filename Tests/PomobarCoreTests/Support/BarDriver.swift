@testable import PomobarCore

/// A clock reading `seconds` into one boot, on every clock alike (nothing slept).
func reading(_ seconds: Double, boot: String = "boot") -> ClockReading {
  let nanoseconds = Int64((seconds * 1e9).rounded())
  return ClockReading(wall: nanoseconds, boottime: nanoseconds, monotonic: nanoseconds, bootID: boot)
}

/// Seconds as the nanoseconds `BarAction`s carry.
func ns(_ seconds: Double) -> Int64 { Int64((seconds * 1e9).rounded()) }

/// Runs a `BarSession` as `BarLoop` does, with the shared state file kept in memory.
///
/// Every `.transact` the session asks for is carried out at once, like the loop's
/// `transact`: the store's `begin` (`StateDocument.transition`), then `.pending` and
/// `.saved` at the transaction's time, or `.saveFailed` at the driver's clock. The actions
/// come back flat, in the order the loop carries them out: a transaction's outcome right
/// after its `.transact`.
struct BarDriver {
  var session: BarSession
  /// The state file (nil: none).
  var document: StateDocument?
  /// While set, every save fails with this (as when the temporary file cannot be made:
  /// `begin` throws, so no `.pending` is reported).
  var saveProblem: String?
  /// What the loop's clock reads now.
  var now: ClockReading
  /// Every transaction carried out, as the store received it.
  var transacted: [[Event]] = []
  private var commits = 0

  init(
    config: Config = Config(), configProblem: String? = nil, encoder: any BarEncoder = PlainEncoder(),
    input: InputMode = .none, wrapping: String? = nil, document: StateDocument? = nil, at start: Double = 0
  ) {
    session = BarSession(
      config: config, configProblem: configProblem, encoder: encoder, input: input, wrapping: wrapping,
      zone: { _ in 0 })
    self.document = document
    now = reading(start)
  }

  /// Hands `events` to the session at the driver's clock, moved to `seconds` if given.
  mutating func handle(_ events: [BarEvent], at seconds: Double? = nil) -> [BarAction] {
    if let seconds { now = reading(seconds) }
    return perform(events, at: now)
  }

  /// `.started` with the state file as it is now.
  mutating func start(at seconds: Double? = nil) -> [BarAction] {
    handle([.started(document, fileExists: document != nil)], at: seconds)
  }

  /// One event at `seconds`.
  mutating func handle(_ event: BarEvent, at seconds: Double? = nil) -> [BarAction] {
    handle([event], at: seconds)
  }

  /// The frames written by `actions`, in order.
  static func frames(_ actions: [BarAction]) -> [String] {
    actions.compactMap { action in
      if case .write(let text, true) = action { return text }
      return nil
    }
  }

  private mutating func perform(_ events: [BarEvent], at time: ClockReading) -> [BarAction] {
    var done: [BarAction] = []
    for action in session.handle(events, at: time) {
      done.append(action)
      if case .transact(let events, let stamp) = action { done += transact(events, stamp: stamp) }
    }
    return done
  }

  /// `StateStore.begin` and `commit`, in memory: the real transition (in UTC, without a
  /// history), and what the session says to each.
  private mutating func transact(_ events: [Event], stamp: ClockReading?) -> [BarAction] {
    transacted.append(events)
    if let saveProblem { return perform([.saveFailed(saveProblem)], at: now) }
    let config = session.config
    let request = TransitionRequest(events, settings: config.timer, ledger: config.ledger, stamp: stamp)
    // Nothing it is given throws (no `decide`).
    let transition = try! StateDocument.transition(
      from: document, request, at: now, zone: { _ in 0 }, history: nil)
    var actions = perform([.pending(transition.timer, at: transition.now)], at: transition.now)
    if transition.writes {
      commits += 1
      document = transition.document.committed(as: "commit \(commits)")
    }
    actions += perform([.saved(document ?? transition.document)], at: transition.now)
    return actions
  }
}

/// A config from TOML text that has no mistakes.
func barConfig(_ toml: String) -> Config {
  let loaded = ConfigLoader.load(Array(toml.utf8), file: "config.toml")
  precondition(loaded.errors.isEmpty, "\(loaded.errors)")
  return loaded.config
}

/// Texts short enough to read in a golden frame: `Focus 24:59`.
let plainFormat = "[format]\nfull = \"{phase} {time}\"\n"

/// A state file written at `written` whose focus runs out at `deadline`.
func focusDocument(deadline: Double, total: Int64 = 1500, written: Double = 0) -> StateDocument {
  StateDocument(
    timer: TimerState(
      phase: .running(.focus, deadline: Instant(nanoseconds: ns(deadline)), total: .seconds(total))),
    written: reading(written))
}

/// pomobar's timer block as `I3barEncoder` writes it with the default name and instance.
func block(
  _ full: String, short: String, color: String, urgent: Bool = false, name: String = "pomobar"
) -> String {
  #"{"name":"\#(name)","instance":"pomodoro","full_text":"\#(full)","short_text":"\#(short)","#
    + #""color":"\#(color)","urgent":\#(urgent),"markup":"none"}"#
}

/// An i3bar frame of `blocks`: the first of the stream, or a later one (after a `,`).
func i3barFrame(_ blocks: String..., first: Bool = false) -> String {
  (first ? "" : ",") + "[" + blocks.joined(separator: ",") + "]\n"
}
