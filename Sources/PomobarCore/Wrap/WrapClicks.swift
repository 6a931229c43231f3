/// Who a click in a merged stream is for, and how it reaches the wrapped command.
public enum WrapClicks {
  /// The marker block shown while the wrapped command is down is named `NAME-wrap`.
  public static let markerSuffix = "-wrap"

  public enum Route: Equatable, Sendable {
    /// pomobar's timer block.
    case timer
    /// pomobar's work clock block (`NAME-work`).
    case work
    /// The marker: nobody's.
    case marker
    /// One of the wrapped command's blocks.
    case child
  }

  /// The route of `click` when pomobar's blocks are named `name`/`instance`.
  ///
  /// Strict, unlike a bar of pomobar's own: a click is pomobar's only when the bar named
  /// the block and the name is pomobar's; a click on a block the command left unnamed
  /// arrives without a name, and is the command's.
  public static func route(_ click: ClickEvent, name: String, instance: String) -> Route {
    guard let clicked = click.name, click.instance.map({ $0 == instance }) ?? true else { return .child }
    switch clicked {
    case name: return .timer
    case name + WorkClicks.nameSuffix: return .work
    case name + markerSuffix: return .marker
    default: return .child
    }
  }

  /// Frames click events for a wrapped command's stdin as a bar does: `[` on the first
  /// line, then one object per line, every one after the first starting with `,`.
  public struct Framer: Sendable {
    private var sent = 0

    public init() {}

    /// The bytes that pass `event` (a click's JSON text) on; call `wrote()` once they
    /// are written, so that a dropped first event does not take the `[` with it.
    public func line(for event: some Collection<UInt8>) -> [UInt8] {
      var out: [UInt8] = sent == 0 ? Array("[\n".utf8) : [UInt8(ascii: ",")]
      out += event
      out.append(UInt8(ascii: "\n"))
      return out
    }

    public mutating func wrote() { sent += 1 }

    /// Forgets what was sent: the next event opens a new stream (a restarted command).
    public mutating func reset() { sent = 0 }
  }
}
