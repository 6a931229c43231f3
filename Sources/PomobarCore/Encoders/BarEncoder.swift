/// Turns view models into the bytes one kind of consumer reads: a bar, a terminal, a script.
///
/// Encoders are pure: they only frame and escape what the `ViewModel` already computed, so
/// golden files pin their output byte for byte.
public protocol BarEncoder: Sendable {
  /// Bytes written once before the first frame (i3bar's header and `[`); "" for most.
  func header() -> String
  /// One frame, including its line ending (none for `tty`, which redraws in place).
  ///
  /// Mutating because some encoders depend on what they wrote before: i3bar's later frames
  /// start with `,`, and the terminal rings its bell only when `urgent` turns on.
  mutating func frame(_ view: ViewModel) -> String

  /// Takes the terminal's width in columns (nil: unknown, no limit), read at start and
  /// again when it changes (`SIGWINCH`); the next frame fits it.
  mutating func resize(width: Int?)

  /// Whether frames carry the deadline for the reader to count down by itself (`pomobar
  /// watch`): then the bar wakes only when something but time changes (`TickPlan.changes`),
  /// and an empty frame means nothing new to write.
  var countsDownItself: Bool { get }

  /// Whether a frame can be made from a template (`FrameSplicer`): nil unless the frame
  /// reads from the view only its texts, colour, urgent flag, `{bar}`, names and clicks,
  /// escapes none of the ring's and time's characters, counts no columns, and changes the
  /// encoder the same way whatever it shows; else the view's numbers that move with the
  /// clock it shows besides.
  var clockFields: ClockFields? { get }
}

/// The numbers of a view that move with the clock, besides the texts' ring and time, that
/// an encoder's frame shows (`BarEncoder.clockFields`).
public struct ClockFields: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let percentage = ClockFields(rawValue: 1 << 0)
  /// `isEnding`.
  public static let ending = ClockFields(rawValue: 1 << 1)
}

extension BarEncoder {
  /// Nothing: only the terminal view fits its line to a width; bars lay out their own.
  public mutating func resize(width: Int?) {}

  /// Bars show the seconds: they are woken for each one.
  public var countsDownItself: Bool { false }

  /// Every frame encoded whole.
  public var clockFields: ClockFields? { nil }
}

/// A fresh encoder for `format`, before its header has been written.
///
/// `command` (the pomobar binary) and `ctlOptions` (such as `--config FILE`) matter only
/// to polybar, whose clicks are commands written into each frame; `interactive` (keys are
/// read) only to the terminal, which then shows the key help. `command` is asked for only
/// by polybar's encoder: finding the binary's path costs a bar's start seven system calls.
public func makeEncoder(
  _ format: OutputFormat, command: @autoclosure () -> String = "pomobar", ctlOptions: [String] = [],
  interactive: Bool = false
) -> any BarEncoder {
  switch format {
  case .i3bar: return I3barEncoder()
  case .waybar: return WaybarEncoder()
  case .polybar: return PolybarEncoder(command: command(), ctlOptions: ctlOptions)
  case .i3blocks: return I3blocksEncoder()
  case .plain: return PlainEncoder()
  case .tty: return TTYEncoder(interactive: interactive)
  case .tmux: return TmuxEncoder()
  case .json: return JSONStatusEncoder()
  case .yambar: return YambarEncoder()
  }
}
