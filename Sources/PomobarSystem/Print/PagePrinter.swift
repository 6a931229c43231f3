/// Prints a self-contained web page to PDF with headless Chromium (`report --pdf FILE`).
///
/// The page goes to a file in a private folder (the state folder), Chromium prints it to
/// `FILE.pomobar-PID` beside FILE, which is then renamed over FILE: a failed or cut-off
/// print never leaves half a PDF, nor an old one taken for the new. Chromium runs
/// headless, with every host name unresolvable (the page fetches nothing, and nothing
/// leaves the machine whatever it held), without header and footer, for at most
/// `timeout` seconds, then is killed with its process group.
public enum PagePrinter {
  /// The browsers looked for in `PATH`, in this order.
  public static let browsers = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]

  /// Prints `page` to `file`; nil when done, else what went wrong, in a sentence.
  public static func printPDF(
    _ page: String, to file: String, folder: String, environment: Environment, timeout: Int64 = 120
  ) -> String? {
    guard let browser = browsers.lazy.compactMap({ ProgramPath.find($0, path: environment["PATH"]) }).first
    else {
      return "no Chromium to print with (looked for \(browsers.joined(separator: ", ")) in PATH); "
        + "write the page with --html and print it from a browser (A4, no headers and footers)"
    }
    let target = file.hasPrefix("/") ? file : FileSystem.currentDirectory + "/" + file
    let pagePath = folder + "/print.\(Processes.current).html"
    let partial = target + ".pomobar-\(Processes.current)"
    do {
      try FileSystem.makeDirectories(folder)
      try FileSystem.writeAtomically(pagePath, Array(page.utf8), durable: false)
    } catch {
      return "cannot write the page to \(pagePath): \(error)"
    }
    defer {
      _ = FileSystem.remove(pagePath)
      _ = FileSystem.remove(partial)
    }
    var arguments = [
      browser, "--headless", "--disable-gpu", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--disable-extensions",
      "--host-resolver-rules=MAP * ~NOTFOUND", "--no-pdf-header-footer", "--print-to-pdf=" + partial,
    ]
    // Chromium refuses to run as root with its sandbox (containers, CI).
    if Processes.userID == 0 { arguments.append("--no-sandbox") }
    arguments.append(fileURL(pagePath))
    let clock = SystemClock(environment: environment)
    let result = ChildProcess.capture(
      arguments, deadline: clock.read().monotonic + timeout * 1_000_000_000, clock: clock)
    if let error = result.error { return "\(browser) did not start: \(error)" }
    if let stopped = result.stopped { return "\(browser) \(stopped) after \(timeout) s, printing nothing" }
    guard result.status == 0, FileSystem.isReadableRegularFile(partial) else {
      let said = result.lines.suffix(3).joined(separator: "; ")
      return "\(browser) printed nothing (status \(result.status.map(String.init) ?? "?"))"
        + (said.isEmpty ? "" : ": " + said)
    }
    do {
      try FileSystem.rename(partial, target)
    } catch {
      return "cannot write \(file): \(error)"
    }
    return nil
  }

  /// `file:///path`, each byte outside the unreserved characters and `/` percent-encoded.
  static func fileURL(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var out: [UInt8] = Array("file://".utf8)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"):
        out.append(byte)
      default:
        out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
