import PomobarCore

/// A watch on input, from the display server: readable when input stopped for the
/// threshold or came again.
public protocol IdleWatching: AnyObject {
  var descriptor: FileDescriptor { get }
  /// How long input had stopped when the watch began, when it was already past the
  /// threshold (the server fires only when the threshold is crossed); nil otherwise.
  var idleAtStart: Int64? { get }
  /// What the server said since the last call; throws when the connection is gone.
  func read() throws -> [IdleChange]
}

extension X11IdleWatcher: IdleWatching {}
extension WaylandIdleWatcher: IdleWatching {
  /// A compositor's timer counts from when it is made: nothing is known of before.
  public var idleAtStart: Int64? { nil }
}

public enum IdleWatch {
  /// Why input cannot be watched, or no longer is (what both watchers throw).
  public struct Problem: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  /// A watch for `threshold` on the session's display: the Wayland compositor's when
  /// `WAYLAND_DISPLAY` is set, else the X server's; or why there is none.
  public static func open(_ environment: Environment, threshold: Duration) -> Result<any IdleWatching, Problem> {
    do throws(Problem) {
      if environment["WAYLAND_DISPLAY"] != nil {
        return .success(try WaylandIdleWatcher(environment: environment, threshold: threshold))
      }
      if environment["DISPLAY"] != nil {
        return .success(
          try X11IdleWatcher(environment: environment, threshold: threshold, hostname: Environment.hostname()))
      }
      return .failure(Problem("idle: no display to watch (neither WAYLAND_DISPLAY nor DISPLAY is set)"))
    } catch {
      return .failure(Problem("idle: \(error)"))
    }
  }
}
