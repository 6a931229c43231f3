import Foundation
import Testing

/// `pomobar report` against the built binary, reading a history file from the sandbox.
@Suite("Report command")
struct ReportCommandTests {
  /// One line as `LedgerRecord.jsonLine` writes it.
  static func line(
    _ id: String, _ kind: String, _ start: String, _ end: String, _ seconds: Int, _ project: String?,
    _ outcome: String?
  ) -> String {
    let projectText = project.map { "\"\($0)\"" } ?? "null"
    let outcomeText = outcome.map { "\"\($0)\"" } ?? "null"
    return
      "{\"id\":\"\(id)\",\"kind\":\"\(kind)\",\"start\":\"\(start)\",\"end\":\"\(end)\",\"seconds\":\(seconds),"
      + "\"project\":\(projectText),\"outcome\":\(outcomeText),\"internal\":0,\"external\":0,\"gap\":0,\"note\":null}\n"
  }

  @Test("report --html is one page of the history, its names escaped; export --format ics one event a record")
  func reportHTMLAndCalendarOfTheHistory() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let folder = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let history =
        Self.line(
          "h.1", "work", "2026-11-02T09:00:00+01:00", "2026-11-02T12:00:00+01:00", 10800, "<i>x</i>", nil)
        + Self.line(
          "h.2", "focus", "2026-11-02T09:00:00+01:00", "2026-11-02T09:25:00+01:00", 1500, "<i>x</i>",
          "completed")
      try sandbox.write(history, to: folder + "/2026-11.aaaaaaaaaaaa.jsonl")
      let page = try await sandbox.run(["report", "--from", "2026-11-02", "--to", "2026-11-08", "--html"])
      #expect(page.status == 0, "\(page)")
      #expect(
        page.stdout.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">") && page.stdout.hasSuffix("</html>"))
      #expect(page.stdout.contains("&lt;i&gt;x&lt;/i&gt;") && !page.stdout.contains("<i>"))
      #expect(page.stdout.contains("data-json=\"[&quot;work&quot;]\" data-value=\"10800\">3:00</span>"))
      #expect(page.stdout.contains("<h2 id=\"h-timeline\">Each day</h2>"), "a week has each day's timeline")
      let chart = try await sandbox.run(["report", "--from", "2026-11-02", "--to", "2026-11-08", "--svg"])
      #expect(chart.stdout.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="))
      let calendar = try await sandbox.run(["export", "all", "--format", "ics", "--focus"])
      #expect(calendar.status == 0, "\(calendar)")
      #expect(calendar.stdout.components(separatedBy: "BEGIN:VEVENT\r\n").count == 3)
      #expect(
        calendar.stdout.contains(
          "\r\nDTSTART:20261102T080000Z\r\nDTEND:20261102T110000Z\r\nSUMMARY:<i>x</i>\r\n"))
      let again = try await sandbox.run(["export", "all", "--format", "ics"])
      let uids = { (text: String) in text.split(separator: "\r\n").filter { $0.hasPrefix("UID:") } }
      #expect(uids(again.stdout).count == 1 && uids(calendar.stdout).count == 2)
      #expect(Set(uids(again.stdout)).isSubset(of: uids(calendar.stdout)), "the work's event keeps its UID")
    }
  }

  @Test("report --json adds up a month of history on its local days, with shares of 100")
  func reportJSONTotalsAndShares() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let folder = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let history =
        Self.line("a.1", "work", "2026-11-02T09:00:00+01:00", "2026-11-02T12:00:00+01:00", 10800, "api", nil)
        + Self.line(
          "a.2", "work", "2026-11-02T13:00:00+01:00", "2026-11-02T14:00:00+01:00", 3600, "docs", nil)
        + Self.line("a.3", "work", "2026-11-03T09:00:00+01:00", "2026-11-03T10:00:00+01:00", 3600, nil, nil)
        + Self.line(
          "a.4", "focus", "2026-11-02T09:00:00+01:00", "2026-11-02T09:25:00+01:00", 1500, "api", "completed")
        + Self.line(
          "a.5", "focus", "2026-11-02T10:00:00+01:00", "2026-11-02T10:10:00+01:00", 600, "api", "voided")
        // Late in Berlin on the 30th: 23:30 local is still November there.
        + Self.line("a.6", "work", "2026-11-30T23:00:00+01:00", "2026-11-30T23:30:00+01:00", 1800, "api", nil)
        // A duplicate copy of a record, as two synced machines might hold it: counted once.
        + Self.line(
          "a.1", "work", "2026-11-02T09:00:00+01:00", "2026-11-02T12:00:00+01:00", 10800, "api", nil)
      try sandbox.write(history, to: folder + "/2026-11.aaaaaaaaaaaa.jsonl")
      let process = try sandbox.launch(
        ["report", "--from", "2026-11-01", "--to", "2026-11-30", "--json"],
        environment: ["TZ": "Europe/Berlin"])
      process.closeStdin()
      _ = try await process.waitForExit(timeout: 10)
      await process.drainOutput(timeout: 2)
      let result = process.stdout.text
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(result.utf8)) as? [String: Any], "stdout: \(result)")
      #expect(report["work"] as? Int == 10800 + 3600 + 3600 + 1800)
      #expect(report["focus"] as? Int == 2100)
      let sessions = try #require(report["sessions"] as? [String: Any])
      #expect(sessions["completed"] as? Int == 1)
      #expect(sessions["voided"] as? Int == 1)
      let projects = try #require(report["projects"] as? [[String: Any]])
      #expect(projects.map { $0["name"] as? String ?? "-" } == ["api", "docs", "-"])
      #expect(projects.map { $0["seconds"] as? Int ?? 0 } == [12600, 3600, 3600])
      #expect(projects.map { $0["percent"] as? Int ?? 0 }.reduce(0, +) == 100)
      let days = try #require(report["days"] as? [[String: Any]])
      #expect(days.count == 30)
      #expect(days.last?["work"] as? Int == 1800)
      #expect(process.stderr.text.isEmpty, "\(process.stderr.text)")
    }
  }
}
