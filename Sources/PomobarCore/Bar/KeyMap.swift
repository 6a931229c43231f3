/// What arrives on stdin while the bar runs.
public enum InputMode: Sendable {
  /// i3bar/swaybar click events (JSON).
  case clicks
  /// Keys from a person at a terminal.
  case keys
  /// Nothing is read (waybar, polybar, i3blocks 1.4: reading would steal another's input).
  case none
}

/// Something the user asked for through stdin.
public enum Input: Equatable, Sendable {
  case action(Action)
  case quit
}

/// Turns keys typed at a terminal into actions (the tty encoder's hint names the main ones).
public enum KeyMap {
  public static func input(for byte: UInt8) -> Input? {
    switch byte {
    case UInt8(ascii: " "), UInt8(ascii: "\r"), UInt8(ascii: "\n"), UInt8(ascii: "p"):
      return .action(.toggle)
    case UInt8(ascii: "s"): return .action(.skip)
    case UInt8(ascii: "b"): return .action(.startBreak)
    case UInt8(ascii: "x"): return .action(.stop)
    case UInt8(ascii: "r"): return .action(.reset)
    case UInt8(ascii: "+"), UInt8(ascii: "="): return .action(.extend(nil))
    case UInt8(ascii: "-"), UInt8(ascii: "_"): return .action(.shorten(nil))
    case UInt8(ascii: "q"), 3, 4: return .quit  // q, Ctrl-C, Ctrl-D
    default: return nil
    }
  }
}
