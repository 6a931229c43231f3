/// How `pomobar --wrap` gets i3status to write the i3bar protocol.
///
/// i3status picks its output format by the name of the process that reads it (`i3bar` or
/// `swaybar`, looked for as its parent, as its grandparent through `sh`, and among its
/// siblings) unless its config's `general` section sets `output_format`. Under `--wrap`
/// its reader is pomobar, so a config that leaves the format out (Debian's stock
/// `/etc/i3status.conf` does) makes it fall back to `none`: plain text, without its colours
/// and blocks. So pomobar runs a plain `i3status` or `i3status -c FILE` as
/// `i3status -c /dev/stdin` and writes to its stdin the config it would have read (found
/// where i3status 2.14 looks), followed by a second `general` section with
/// `output_format = "i3bar"`, which overrides that one setting and keeps the rest (a section
/// given twice is merged by i3status's config reader). i3status does not read clicks, so its
/// stdin is free for that. Any other command line (more options, a pipeline, shell
/// expansions) is run as it is; plain text from it is still shown, as one block.
public enum I3statusFormat {
  /// The arguments that replace the command's own: the config comes on stdin.
  public static let arguments = ["-c", "/dev/stdin"]

  /// What ends the config: the one setting that makes i3status speak i3bar.
  public static let override =
    "\n# pomobar --wrap: i3status's reader is pomobar, which speaks i3bar\n"
    + "general {\n  output_format = \"i3bar\"\n}\n"

  /// The config file i3status would read for the command `words` (its program and
  /// arguments, as the shell splits them); nil when the command is not a plain `i3status`,
  /// `i3status -c FILE` or `i3status --config FILE`, or when no config file is found.
  ///
  /// - Parameters:
  ///   - variable: an environment variable's value (`HOME`, `XDG_CONFIG_HOME`,
  ///     `XDG_CONFIG_DIRS`).
  ///   - exists: whether a file is there.
  public static func configPath(
    words: [String], variable: (String) -> String?, exists: (String) -> Bool
  ) -> String? {
    guard let program = words.first, program.split(separator: "/").last == "i3status" else { return nil }
    // What the shell would expand is not ours to guess.
    guard !words.contains(where: { $0.contains(where: { "$`*?[".contains($0) }) }) else { return nil }
    let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 }
    func expanded(_ path: String) -> String? {
      guard path == "~" || path.hasPrefix("~/") else { return path }
      return home.map { $0 + path.dropFirst() }
    }
    var given: String?
    var rest = words.dropFirst()
    while let word = rest.first {
      rest = rest.dropFirst()
      if word == "-c" || word == "--config" {
        guard let file = rest.first else { return nil }
        given = file
        rest = rest.dropFirst()
      } else if word.hasPrefix("--config=") {
        given = String(word.dropFirst("--config=".count))
      } else if word.hasPrefix("-c"), word.count > 2 {
        given = String(word.dropFirst(2))
      } else {
        return nil
      }
    }
    if let given { return expanded(given) }
    // i3status 2.14's order.
    let configHome = variable("XDG_CONFIG_HOME").flatMap { $0.isEmpty ? nil : $0 } ?? "~/.config"
    let configDirs = variable("XDG_CONFIG_DIRS").flatMap { $0.isEmpty ? nil : $0 } ?? "/etc/xdg"
    let candidates =
      [configHome + "/i3status/config", "~/.i3status.conf"]
      + configDirs.split(separator: ":").map { $0 + "/i3status/config" } + ["/etc/i3status.conf"]
    return candidates.lazy.compactMap(expanded).first(where: exists)
  }
}
