/// The frames of a running phase's next ticks, worked out together at one wake-up.
///
/// Most ticks change a few characters of a frame (`24:59` to `24:58`). Rendering every
/// tick from scratch wakes a cold process to run the view model and the encoder; working a
/// minute of frames out at once, while the code is warm, leaves each tick only the write.
/// Each frame is the one that tick would have rendered, from the same view model at that
/// tick's own clock reading; they stand only while nothing but time happens: any other
/// event, a gap in the clocks (a suspend, a wall-clock step) or the phase's deadline ends
/// them, and the next wake-up renders as usual.
struct FramesAhead {
  struct Entry {
    /// The tick's moment on the grid.
    var at: Instant
    /// The frame to write then; nil when the view is the one before it.
    var frame: String?
    /// The encoder as it is after writing this frame.
    var encoder: any BarEncoder
  }

  /// Ticks worked out at once: a minute of seconds.
  static let count = 60
  /// How far the wall clock may drift from the timer's before the frames are worked out
  /// again (they show the local time a phase ends).
  static let wallDrift: Int64 = 100_000_000
  /// How far `boottime - monotonic` may move (the clocks are read one after the other)
  /// before it counts as a suspend.
  static let sleepDrift: Int64 = 50_000_000

  private var entries: [Entry] = []
  private var next = 0
  /// Until when the last frame stands: its next tick, or the deadline.
  private var until: Instant
  /// The reading they were worked out after: each tick's is this one moved on.
  private let after: ClockReading
  /// What spliced the frames (nil: they were rendered whole): the next batch goes on with it.
  let splicer: FrameSplicer?
  /// The clocks' offsets when worked out: a change means a suspend or a step.
  private let asleep: Int64
  private let wallOffset: Int64

  /// The frames for the ticks of `plan` after `now`, before `deadline`, from `render` (a
  /// view and, when it differs from the one before, its frame): `view` is the one shown
  /// now, by `encoder`, which has written it. With a `splicer`, a tick whose moment is the
  /// one before writes nothing, and its frame is spliced (or, where it cannot be, rendered);
  /// one that goes on from the last batch knows the moment shown, and needs no `view`.
  init(
    plan: TickPlan, deadline: Instant, after now: ClockReading, view: ViewModel, encoder: any BarEncoder,
    splicer: FrameSplicer?, render: (ClockReading) -> ViewModel
  ) {
    after = now
    self.splicer = splicer
    asleep = now.asleep
    wallOffset = now.wall &- now.boottime
    var at = plan.next(after: now.instant)
    var previous = view
    var encoder = encoder
    let step = Duration.seconds(plan.seconds)
    #if DEBUG
      // Each frame is the one rendered whole: the tests and the end-to-end cases, which
      // run a debug build, check every spliced frame.
      var wholePrevious: ViewModel? = splicer?.moment == nil ? view : nil
    #endif
    entries.reserveCapacity(Self.count)
    while entries.count < Self.count && at < deadline {
      let reading = Self.reading(now, at: at)
      let frame: String?
      #if DEBUG
        let encoderBefore = encoder
      #endif
      if let splicer, let last = splicer.moment {
        // The view is the moment's: the same moment, the same view.
        let current = splicer.moment(at: reading)
        splicer.moment = current
        frame = current == last ? nil : splicer.frame(current, at: reading) ?? encoder.frame(render(reading))
      } else {
        let view = render(reading)
        frame = view == previous ? nil : encoder.frame(view)
        splicer?.moment = splicer?.moment(at: reading)
        previous = consume view
      }
      #if DEBUG
        let whole = render(reading)
        var wholeEncoder = encoderBefore
        if let wholePrevious { assert((frame == nil) == (whole == wholePrevious), "tick at \(at)") }
        if let frame { assert(frame == wholeEncoder.frame(whole), "tick at \(at): \(frame)") }
        wholePrevious = whole
      #endif
      entries.append(Entry(at: at, frame: frame, encoder: encoder))
      at = at + step
    }
    until = min(at, deadline)
  }

  /// `now` moved on to `at`.
  private static func reading(_ now: ClockReading, at: Instant) -> ClockReading {
    let shift = (at - now.instant).nanoseconds
    return ClockReading(
      wall: now.wall &+ shift, boottime: now.boottime &+ shift, monotonic: now.monotonic &+ shift,
      bootID: now.bootID)
  }

  /// The frame to write for the tick at `now` (nil: the view did not change), if the
  /// frames still stand (the latest tick at or before `now`, when ticks were missed); nil
  /// when they do not, and a render is needed.
  ///
  /// This runs on every tick of a running phase, after a second asleep: it touches as
  /// little memory as it can (no view model is kept; `shown` says at which reading the
  /// view shown was made).
  mutating func take(at now: ClockReading) -> String?? {
    guard next < entries.count, now.instant >= entries[next].at, now.instant < until,
      abs(now.asleep &- asleep) <= Self.sleepDrift,
      abs((now.wall &- now.boottime) &- wallOffset) <= Self.wallDrift
    else { return nil }
    var chosen = next
    while chosen + 1 < entries.count && entries[chosen + 1].at <= now.instant { chosen += 1 }
    // Ticks missed on a busy machine: the newest frame among them is the one to write.
    var frame = entries[chosen].frame
    var index = chosen
    while frame == nil && index > next {
      index -= 1
      frame = entries[index].frame
    }
    next = chosen + 1
    return .some(frame)
  }

  /// Whether every frame was taken while a whole batch was worked out: the phase runs on
  /// past it, so the next batch is due.
  var isSpent: Bool { next == entries.count && entries.count == Self.count }

  /// The reading of the last tick taken, whose view is the one shown, and the encoder as
  /// it left it (nil: none taken).
  var shown: (reading: ClockReading, encoder: any BarEncoder)? {
    next > 0 ? (Self.reading(after, at: entries[next - 1].at), entries[next - 1].encoder) : nil
  }
}
