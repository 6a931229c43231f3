import Foundation
import Testing

/// `pomobar bill` against the built binary: the mark is an edit line, re-billing says
/// so, changing a billed record warns with its invoice, undo takes the bill back, and a
/// newer version's unknown edit beside it is kept and skipped.
@Suite("bill command")
struct BillCommandLineTests {
  typealias L = LedgerCommandTests

  @Test("bill marks a client's work, says what it marked, and undo takes it back")
  func billAndUndo() async throws {
    try await withSandbox { sandbox in
      try sandbox.writeConfig("[projects.api]\nclient = \"Globex\"", hooks: false, notifications: false)
      try await L.track(sandbox)
      let log = try await L.run(sandbox, ["log", "all"]).stdout.split(separator: "\n")
      let api = String(log[0].prefix { $0 != " " })
      let plainReport = try await L.run(sandbox, ["report", "all", "--json"]).stdout
      let plainCSV = try await L.run(sandbox, ["export", "--format", "csv"]).stdout

      let dry = try await L.run(sandbox, ["bill", "all", "--client", "Globex", "--dry-run"])
      #expect(dry.stdout.hasPrefix("would have billed 1 record of 'api', 1:30:00 of work:\n"), "\(dry)")
      #expect(!L.files(sandbox).contains { $0.hasPrefix("edits.") })

      let bill = try await L.run(sandbox, ["bill", "all", "--client", "Globex", "--invoice", "INV-7"])
      #expect(
        bill.stdout.hasPrefix("billed 1 record of 'api' on invoice 'INV-7', 1:30:00 of work:\n  \(api)"),
        "\(bill)")
      let edits = try #require(L.files(sandbox).first { $0.hasPrefix("edits.") })
      let line = try #require(sandbox.read(L.history(sandbox) + "/" + edits))
      #expect(line.contains(#""op":"bill""#) && line.contains(#""invoice":"INV-7","targets":[""#), "\(line)")

      let again = try await L.run(sandbox, ["bill", "all", "--client", "Globex", "--invoice", "INV-8"])
      #expect(
        again.stderr.contains(
          "nothing to bill: 1 record was billed before and stays so: \(api) (invoice INV-7, billed "),
        "\(again)")

      let report = try await L.run(sandbox, ["report", "all", "--json"]).stdout
      #expect(report.contains(#""billed":5400,"unbilled":7200"#), "\(report)")
      #expect(try await L.run(sandbox, ["export", "--format", "csv"]).stdout.contains(",INV-7\r\n"))

      // Changing it is done, and warned of with its invoice.
      let amend = try await L.run(sandbox, ["history", "amend", api, "--note", "after the invoice"])
      #expect(
        amend.stderr.contains(
          "history amend: warning: this changes a billed record: \(api) (invoice INV-7, billed "), "\(amend)")
      let rename = try await L.run(sandbox, ["project", "rename", "api", "backend"])
      #expect(
        rename.stderr.contains(
          "project rename: warning: this changes a billed record: \(api) (invoice INV-7"), "\(rename)")
      let other = try await L.run(sandbox, ["project", "rename", "web", "site"])
      #expect(!other.stderr.contains("warning"), "\(other)")

      // Undo: the two renames and the amend, then the bill; the outputs are as before.
      for _ in 0..<3 { try await L.run(sandbox, ["history", "undo"]) }
      let undo = try await L.run(sandbox, ["history", "undo"])
      #expect(undo.stdout.contains("undid the bill of 1 record on invoice 'INV-7'"), "\(undo)")
      #expect(try await L.run(sandbox, ["report", "all", "--json"]).stdout == plainReport)
      #expect(try await L.run(sandbox, ["export", "--format", "csv"]).stdout == plainCSV)
    }
  }

  @Test("split keeps both halves on the bill; every change of a billed record warns with its invoice")
  func editsOfABilledRecord() async throws {
    typealias C = HistoryCorrectionTests
    try await withSandbox { sandbox in
      try await C.run(sandbox, ["track", "2026-01-20", "9:00", "11:00", "api"])
      try await C.run(sandbox, ["track", "2026-01-20", "11:00", "12:00", "api"])
      let bill = try await C.run(sandbox, ["bill", "all", "--project", "api", "--invoice", "INV-7"])
      let first = C.id(try await C.log(sandbox)[0])
      let split = try await C.run(sandbox, ["history", "split", first, "10:00"])
      #expect(split.stdout.contains("both halves stay billed (invoice INV-7, billed "), "\(split)")
      let warning = "history split: warning: this changes a billed record: \(first) (invoice INV-7"
      #expect(split.stderr.contains(warning), "\(split)")
      let csv = try await C.run(sandbox, ["export", "--format", "csv"]).stdout
      let rows = csv.split(whereSeparator: \.isNewline).dropFirst()
      #expect(rows.count == 3 && rows.allSatisfy { $0.contains(",INV-7") }, "\(csv)")
      let report = try await C.run(sandbox, ["report", "all", "--json"]).stdout
      #expect(report.contains(#""billed":10800,"unbilled":0"#), "\(report)")
      let log = try await C.log(sandbox).map(C.id)
      let changes: [(String, [String])] = [
        ("history amend", ["history", "amend", log[0], "--tags", "+billable"]),
        ("history amend", ["history", "amend", log[1], "--start", "10:05"]),
        ("history join", ["history", "join", log[1], log[2]]),
        ("history remove", ["history", "remove", log[0]]),
        ("project rename", ["project", "rename", "api", "web"]),
        ("project delete", ["project", "delete", "api", "--yes"]),
        ("history reset", ["history", "reset", "--yes"]),
      ]
      for (command, arguments) in changes {
        let result = try await C.run(sandbox, arguments)
        #expect(
          result.stderr.contains("\(command): warning: this changes ")
            && result.stderr.contains("(invoice INV-7"),
          "\(arguments): \(result)")
        try await C.run(sandbox, ["history", "undo"])
      }
      let edit = try C.editor(sandbox, "s/  api/  web/")
      let edited = try await C.run(sandbox, ["history", "edit", "all"], environment: edit)
      #expect(edited.stderr.contains("history edit: warning: this changes 3 billed records: "), "\(edited)")
      try await C.run(sandbox, ["history", "undo"])
      // Undo of the split: the halves are one record again, on the bill; of the bill: none.
      let undo = try await C.run(sandbox, ["history", "undo", try C.undoID(split)])
      #expect(undo.stderr.contains("warning: this changes 2 billed records"), "\(undo)")
      #expect(try await C.log(sandbox).count == 2)
      #expect(try await C.run(sandbox, ["report", "all", "--json"]).stdout.contains(#""billed":10800,"#))
      // The bill undone, the half split off is not left on it: nothing is billed.
      try await C.run(sandbox, ["history", "undo", try C.undoID(undo)])
      try await C.run(sandbox, ["history", "undo", try C.undoID(bill)])
      let unbilled = try await C.run(sandbox, ["report", "all", "--json"]).stdout
      #expect(!unbilled.contains(#""billed""#), "\(unbilled)")
    }
  }

  @Test("pomobar's own JSON and CSV exports, imported into a fresh history, keep their bills")
  func restoreKeepsBills() async throws {
    try await withSandbox { sandbox in
      try await L.track(sandbox)
      try await L.run(sandbox, ["bill", "all", "--project", "api", "--invoice", "INV-7"])
      try await L.run(sandbox, ["bill", "all", "--project", "web"])
      let report = try await L.run(sandbox, ["report", "all", "--json"]).stdout
      for format in ["json", "csv"] {
        let path = sandbox.root + "/export." + format
        // As captured, the lines end in LF (which the CSV reader takes too): the e2e case
        // billing-csv imports the file as written.
        let export = try await L.run(sandbox, ["export", "--format", format]).stdout
        try sandbox.write(export.replacingOccurrences(of: "\r", with: ""), to: path)
        try await withSandbox { fresh in
          let dry = try await L.run(fresh, ["import", path, "--dry-run"])
          #expect(
            dry.stdout.contains(
              "would keep the bills of the file: 1 record on invoice 'INV-7', 1 record on no invoice"),
            "\(dry)")
          let imported = try await L.run(fresh, ["import", path])
          #expect(imported.stdout.contains("kept the bills of the file: "), "\(imported)")
          let restored = try await L.run(fresh, ["report", "all", "--json"]).stdout
          #expect(restored.contains(#""billed":9000,"unbilled":3600"#), "\(restored)")
          #expect(report.contains(#""billed":9000,"unbilled":3600"#), "\(report)")
          // Importing again bills nothing twice; undo takes back the import with its bills.
          let again = try await L.run(fresh, ["import", path])
          #expect(!again.stdout.contains("bills"), "\(again)")
          try await L.run(fresh, ["history", "undo"])
          #expect(!(try await L.run(fresh, ["report", "all", "--json"]).stdout.contains(#""billed""#)))
        }
      }
    }
  }

  @Test("a re-import that changes a billed record takes the change and warns with its invoice")
  func reimportOverABill() async throws {
    try await withSandbox { sandbox in
      let path = sandbox.root + "/tw.json"
      try sandbox.write(ImportMergeCommandTests.first, to: path)
      try await L.run(sandbox, ["import", path, "--project-tags", "acme,globex,internal"])
      try await L.run(sandbox, ["bill", "all", "--project", "acme", "--invoice", "A-1"])
      try sandbox.write(ImportMergeCommandTests.second, to: path)
      let again = try await L.run(sandbox, ["import", path])
      // The acme interval was lengthened in timewarrior: taken, and said.
      #expect(again.stderr.contains("import: warning: this changes a billed record: "), "\(again)")
      #expect(again.stderr.contains("(invoice A-1, billed "), "\(again)")
      let log = try await L.run(sandbox, ["log", "all"]).stdout
      #expect(log.contains("1:55:00  acme"), "\(log)")
    }
  }

  @Test("a newer version's unknown edit is kept and skipped; the bill beside it applies")
  func unknownEditBesideABill() async throws {
    try await withSandbox { sandbox in
      try await L.track(sandbox)
      try await L.run(sandbox, ["bill", "all", "--project", "web"])
      let edits = try #require(L.files(sandbox).first { $0.hasPrefix("edits.") })
      let path = L.history(sandbox) + "/" + edits
      let newer = #"{"id":"zzz.1.1","op":"credit","at":"2026-01-22T09:00:00+01:00","targets":["x"]}"# + "\n"
      try sandbox.write((sandbox.read(path) ?? "") + newer, to: path)
      let report = try await L.run(sandbox, ["report", "all", "--json"])
      #expect(report.stdout.contains(#""billed":3600,"unbilled":"#), "\(report)")
      #expect(report.stderr.contains("unknown 'op'"), "\(report)")
      try await L.run(sandbox, ["bill", "all", "--project", "api"])
      #expect(sandbox.read(path)?.contains(newer) == true, "the newer line was not kept")
    }
  }
}
