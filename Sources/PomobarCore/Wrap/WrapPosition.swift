/// Where pomobar's blocks go among the wrapped command's (`[wrap] position`).
public enum WrapPosition: Equatable, Sendable {
  /// Before the command's blocks: the left end of i3bar's right-aligned status line.
  case first
  /// After them: the right edge, where i3status puts its clock.
  case last
  /// After the command's first N blocks (0 is `first`; past its last block, `last`).
  case index(Int)

  /// The largest N accepted in the config.
  public static let maximumIndex = 1000

  /// `ours` placed among `theirs`.
  public func arrange<T>(_ ours: [T], among theirs: [T]) -> [T] {
    let at: Int
    switch self {
    case .first: at = 0
    case .last: at = theirs.count
    case .index(let n): at = min(max(n, 0), theirs.count)
    }
    return Array(theirs[..<at]) + ours + Array(theirs[at...])
  }

  /// `"first"`, `"last"` or the number, as the config writes it.
  public var configText: String {
    switch self {
    case .first: return "\"first\""
    case .last: return "\"last\""
    case .index(let n): return "\(n)"
    }
  }
}

/// `[wrap]`: the status command pomobar runs and merges its own blocks into (i3bar
/// protocol only: i3bar and swaybar).
public struct WrapSettings: Equatable, Sendable {
  /// A shell command line, run with `sh -c` as i3bar runs a `status_command`; nil: none.
  public var command: String?
  public var position: WrapPosition = .first

  public init() {}
}
