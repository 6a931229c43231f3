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

  /// A watch for `threshold` on the session's display, waited on in `poller`: the Wayland
  /// compositor's when `WAYLAND_DISPLAY` is set, else the X server's; or why there is none.
  /// What it replaces is the caller's to close, after this one is open: an X server left
  /// with no client resets and drops the connection being made.
  public static func open(
    _ environment: Environment, threshold: Duration, waitingIn poller: Poller
  ) -> Result<any IdleWatching, Problem> {
    let watch: any IdleWatching
    do throws(Problem) {
      if environment["WAYLAND_DISPLAY"] != nil {
        watch = try WaylandIdleWatcher(environment: environment, threshold: threshold)
      } else if environment["DISPLAY"] != nil {
        watch = try X11IdleWatcher(environment: environment, threshold: threshold, hostname: Environment.hostname())
      } else {
        return .failure(Problem("idle: no display to watch (neither WAYLAND_DISPLAY nor DISPLAY is set)"))
      }
    } catch {
      return .failure(Problem("idle: \(error)"))
    }
    do {
      try poller.add(watch.descriptor, readable: true)
    } catch {
      return .failure(Problem("idle: cannot wait on the display's connection: \(error)"))
    }
    return .success(watch)
  }
}
