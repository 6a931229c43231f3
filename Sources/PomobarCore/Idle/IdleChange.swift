/// What the display server said of input: it stopped (`milliseconds` ago, when the server
/// says: X11's counter does, Wayland's timers do not, and then it stopped the threshold
/// ago), or it came again.
public enum IdleChange: Equatable, Sendable {
  case idle(milliseconds: Int64?)
  case active
}
