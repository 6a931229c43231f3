import PomobarCore

/// The user's session bus, for the D-Bus programs pomobar runs for itself (notify-send,
/// the do-not-disturb controls): found, never started.
///
/// It is `DBUS_SESSION_BUS_ADDRESS` when that is set (to anything but an `autolaunch:`
/// address), else the per-user bus at `$XDG_RUNTIME_DIR/bus` (`/run/user/UID/bus` when the
/// variable is unset), which systemd's user session (dbus-user-session) provides: so a
/// copy started by a systemd unit or cron, without the session's variables, still reaches
/// the session. Asked for a session bus without the variable, libdbus and GLib would fall
/// back to X11 autolaunch: with `DISPLAY` set, a dbus-daemon of their own that nobody else
/// uses, which starts a notification daemon of its own by D-Bus activation (a second
/// dunst). A copy that finds no bus runs none of those programs: its notification is left
/// for a copy that has one (`Notifier.leave`).
enum SessionBus {
  /// The bus's address; nil when there is none to be found.
  static func address(
    _ environment: Environment, uid: UInt32 = Processes.userID,
    isSocket: (String) -> Bool = FileSystem.isSocket
  ) -> String? {
    if let given = environment["DBUS_SESSION_BUS_ADDRESS"], !given.hasPrefix("autolaunch:") { return given }
    let runtime =
      environment["XDG_RUNTIME_DIR"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/run/user/\(uid)"
    let socket = runtime + "/bus"
    return isSocket(socket) ? "unix:path=" + escaped(socket) : nil
  }

  /// A value in a D-Bus address: bytes other than `[-0-9A-Za-z_/.\*]` as `%XX`.
  static func escaped(_ value: String) -> String {
    var out = ""
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "/"),
        UInt8(ascii: "."), UInt8(ascii: "\\"), UInt8(ascii: "*"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789abcdef".unicodeScalars)
        out += "%"
        out.unicodeScalars.append(hex[Int(byte >> 4)])
        out.unicodeScalars.append(hex[Int(byte & 15)])
      }
    }
    return out
  }

  /// Finds the bus and names it in `DBUS_SESSION_BUS_ADDRESS` for the programs this
  /// process starts; nil when there is none (then nothing may ask for one).
  @discardableResult
  static func adopt() -> String? {
    guard let address = address(.current()) else { return nil }
    Environment.set("DBUS_SESSION_BUS_ADDRESS", address)
    return address
  }
}
