import Foundation
import Testing

/// Billing through the built binary: `report --json` holds the amount, a CSV export the
/// same amounts per row, and without a rate both are as they were.
@Suite("Billing commands")
struct BillingCommandTests {
  /// This month's first day, in UTC (the tests run with TZ=UTC).
  static var firstOfMonth: String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month], from: Date())
    return String(format: "%04d-%02d-01", parts.year!, parts.month!)
  }

  /// Work 01:00-02:05 with a Pomodoro break 01:25-01:30 inside (60 min billable: 1:00),
  /// and 03:00-03:10 (10 min: 0:15), for globex; 04:00-05:00 for web, which has no rate.
  static func history(_ day: String) -> String {
    ReportCommandTests.line("m1.e.1", "work", "\(day)T01:00:00Z", "\(day)T02:05:00Z", 3900, "globex", nil)
      + ReportCommandTests.line(
        "m1.e.2", "short-break", "\(day)T01:25:00Z", "\(day)T01:30:00Z", 300, "globex", "completed")
      + ReportCommandTests.line("m1.e.3", "work", "\(day)T03:00:00Z", "\(day)T03:10:00Z", 600, "globex", nil)
      + ReportCommandTests.line("m1.e.4", "work", "\(day)T04:00:00Z", "\(day)T05:00:00Z", 3600, "web", nil)
  }

  @Test("report month --project NAME --json holds the amount and the rule; export --format csv the same")
  func reportAndExportBill() async throws {
    try await withSandbox(hooks: false, notifications: false) { sandbox in
      let day = Self.firstOfMonth
      let folder = sandbox.root + "/data/pomobar/history"
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      try sandbox.write(Self.history(day), to: folder + "/\(day.prefix(7)).aaaaaaaaaaaa.jsonl")
      let utc = ["TZ": "UTC"]

      // Without a rate: no billing member, and the CSV's columns as they always were.
      try sandbox.writeConfig("", hooks: false, notifications: false)
      let plain = try await sandbox.run(
        ["report", "month", "--project", "globex", "--json"], environment: utc)
      #expect(plain.status == 0, "\(plain)")
      #expect(!plain.stdout.contains("billing"))
      let plainCSV = try await sandbox.run(["export", "month", "--format", "csv"], environment: utc)
      #expect(
        plainCSV.stdout.hasPrefix(
          "id,kind,start,end,seconds,hours,project,outcome,internal,external,gap,note,tags\r\n"))

      try sandbox.writeConfig(
        "[projects.\"globex\"]\nrate = \"95 EUR/h\"\n[billing]\nround = \"15m\"", hooks: false,
        notifications: false)
      let result = try await sandbox.run(
        ["report", "month", "--project", "globex", "--json"], environment: utc)
      #expect(result.status == 0, "\(result)")
      let report = try #require(
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)"
      )
      #expect(report["work"] as? Int == 4500)
      let billing = try #require(report["billing"] as? [String: Any])
      #expect(billing["billable"] as? Int == 4200)
      #expect(billing["rounded"] as? Int == 4500)
      #expect((billing["amount"] as? NSNumber)?.decimalValue == Decimal(string: "118.75"))
      #expect(billing["currency"] as? String == "EUR")
      #expect(result.stdout.contains("\"amount\":118.75,\"currency\":\"EUR\""))
      let rule = try #require(billing["rule"] as? [String: Any])
      #expect(rule["text"] as? String == "rounded up to 15m per entry; breaks not billed")
      #expect(
        rule["round"] as? Int == 900 && rule["per"] as? String == "entry" && rule["mode"] as? String == "up")

      let text = try await sandbox.run(["report", "month"], environment: utc)
      #expect(
        text.stdout.contains("Billing   rounded up to 15m per entry; breaks not billed\n"), "\(text.stdout)")
      #expect(
        text.stdout.contains(
          "  globex      1:10     1:15  95.00 EUR/h  118.75 EUR\n  Total       1:10     1:15               118.75 EUR\n"
        ), "\(text.stdout)")

      let csv = try await sandbox.run(["export", "month", "--format", "csv"], environment: utc)
      let rows = csv.stdout.replacingOccurrences(of: "\r", with: "").split(separator: "\n").map {
        $0.split(separator: ",", omittingEmptySubsequences: false)
      }
      #expect(rows.first?.suffix(4) == ["rate", "billable_seconds", "rounded_seconds", "amount"])
      #expect(
        rows.dropFirst().map { $0.suffix(4).joined(separator: ",") } == [
          "95.00 EUR/h,3600,3600,95.00", ",,,", "95.00 EUR/h,600,900,23.75", ",,,",
        ])
    }
  }
}
