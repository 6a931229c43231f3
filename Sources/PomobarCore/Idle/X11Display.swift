/// Where an X display is and how to be let in: `DISPLAY` read, and the matching entry of
/// the `XAUTHORITY` file.
public struct X11Display: Equatable, Sendable {
  /// The display's number: `:1` is 1.
  public var number: Int
  /// The local socket, `/tmp/.X11-unix/X1`; servers listen there and, on Linux, at the
  /// same name in the abstract namespace.
  public var socketPath: String { "/tmp/.X11-unix/X\(number)" }

  /// Reads `DISPLAY`: `:1`, `:1.0`, `unix:1`, or a socket path ending in `/X1` (as
  /// XQuartz and some launchers write); nil, with the reason, for what pomobar cannot reach
  /// (a display over TCP, `host:1`: idle detection is for the machine one sits at).
  public static func parse(_ display: String) -> Result<X11Display, Problem> {
    var rest = Substring(display)
    if rest.hasPrefix("/") {
      guard let slash = rest.lastIndex(of: "/"), rest[rest.index(after: slash)...].hasPrefix("X") else {
        return .failure(Problem("DISPLAY '\(display)' is a path without /X<number> at its end"))
      }
      rest = rest[rest.index(after: slash)...].dropFirst()
      guard let number = Int(rest.prefix { $0 != "." }), number >= 0 else {
        return .failure(Problem("DISPLAY '\(display)' has no display number"))
      }
      return .success(X11Display(number: number))
    }
    guard let colon = rest.lastIndex(of: ":") else {
      return .failure(Problem("DISPLAY '\(display)' is not like :0"))
    }
    let host = rest[..<colon]
    guard host.isEmpty || host == "unix" else {
      return .failure(Problem("DISPLAY '\(display)' is on another host; idle is watched on local displays only"))
    }
    let digits = rest[rest.index(after: colon)...].prefix { $0 != "." }
    guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else {
      return .failure(Problem("DISPLAY '\(display)' has no display number"))
    }
    return .success(X11Display(number: number))
  }

  public struct Problem: Error, Equatable, Sendable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
  }

  /// The authorisation for this display in an `XAUTHORITY` file's bytes: the first entry
  /// for a local connection (family Local with this host's name, or Wild) with this
  /// display's number (or none); empty name and data when there is none, as Xlib does.
  public func authorization(in file: [UInt8], hostname: String) -> (name: [UInt8], data: [UInt8]) {
    var index = 0
    func field() -> [UInt8]? {
      guard index + 2 <= file.count else { return nil }
      let length = Int(file[index]) << 8 | Int(file[index + 1])
      guard index + 2 + length <= file.count else { return nil }
      defer { index += 2 + length }
      return Array(file[(index + 2)..<(index + 2 + length)])
    }
    let wanted = Array(String(number).utf8)
    while index + 2 <= file.count {
      let family = Int(file[index]) << 8 | Int(file[index + 1])
      index += 2
      guard let address = field(), let number = field(), let name = field(), let data = field() else { break }
      let local = (family == 256 && address == Array(hostname.utf8)) || family == 65535
      if local && (number.isEmpty || number == wanted) { return (name, data) }
    }
    return ([], [])
  }
}
