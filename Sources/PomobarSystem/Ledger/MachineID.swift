/// This machine's short name in history file names and record ids.
///
/// The first 12 hex digits of systemd's `/etc/machine-id` (or D-Bus's copy): stable for
/// the life of an installation, different on every machine, and not secret in a synced
/// folder. Without either file, 12 random hex digits are made once and kept in the state
/// folder, which is never synced (the data folder may be, and two machines must not
/// share a name).
public enum MachineID {
  public static func current(stateDirectory: String) -> String {
    for path in ["/etc/machine-id", "/var/lib/dbus/machine-id", StateFolder(stateDirectory).machineID] {
      if let id = read(path) { return id }
    }
    var bytes = [UInt8](repeating: 0, count: 6)
    if let random = try? FileDescriptor.open("/dev/urandom", .readOnly) {
      let read = (try? random.read(upTo: 6)) ?? []
      bytes.replaceSubrange(0..<read.count, with: read)
      random.close()
    }
    let made = bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    try? FileSystem.writeAtomically(StateFolder(stateDirectory).machineID, Array((made + "\n").utf8))
    return made
  }

  /// The first 12 hex digits of the file's first line, if it has them.
  static func read(_ path: String) -> String? {
    guard let bytes = try? FileSystem.readRegularFile(path, limit: 4096, followSymlinks: true) else {
      return nil
    }
    let hex = bytes.prefix { byte in
      (48...57).contains(byte) || (97...102).contains(byte)
    }
    return hex.count >= 12 ? String(decoding: hex.prefix(12), as: UTF8.self) : nil
  }
}
