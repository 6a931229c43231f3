/// A moment on the wall clock, in milliseconds since the epoch, that takes no part in
/// comparing the values that carry it: two views made a second apart that show the same
/// thing are equal (a bar writes a frame only when what it shows changed), while `pomobar
/// watch` still says when its line was made.
public struct WallStamp: Equatable, Sendable {
  public var milliseconds: Int64

  public init(milliseconds: Int64) { self.milliseconds = milliseconds }

  /// Always equal: see above.
  public static func == (lhs: WallStamp, rhs: WallStamp) -> Bool { true }
}
