/// `[nudges]`: a bar that notices what you forgot. Everything is off by default, and off
/// it keeps nothing in the state and wakes nothing.
public struct NudgeSettings: Equatable, Sendable {
  /// At the computer (the idle watch sees input), on a work day inside `workFrom` to
  /// `workUntil`, with neither a phase nor the work clock running for this long: one
  /// notification per such stretch; nil (`false`): never.
  public var forgotToStart: Duration? = nil
  /// Work hours of the work days (`[ledger] work-days`, `days-off`), in seconds after
  /// local midnight: forgot-to-start counts only inside them.
  public var workFrom = 9 * 3600
  public var workUntil = 18 * 3600
  /// After a break ran out, the first input after time away (the idle watch's return)
  /// starts the next focus.
  public var focusOnReturn = false
  /// A time of day (seconds after local midnight) at which a clock still running is asked
  /// about; nil (`false`): never.
  public var endOfDay: Int? = nil
  /// Whether input is watched (`[idle] after`): kept by `Config`, not a key. Without it
  /// pomobar cannot tell that you are at the computer, and forgot-to-start stays quiet.
  public internal(set) var inputWatched = false

  public init() {}

  /// Whether any nudge is on.
  var isOn: Bool { forgotToStart != nil || focusOnReturn || endOfDay != nil }

  /// Whether a nudge comes at a moment of its own (forgot-to-start, end of day), which a
  /// copy wakes for; focus-on-return comes with an input.
  public var isTimed: Bool { forgotToStart != nil || endOfDay != nil }
}
