extension ImportDecoder {
  /// pomobar's CSV export, columns found by their header names (any order; `hours` and
  /// unknown columns are ignored), so a sheet re-saved by a spreadsheet still reads. An
  /// empty field is no value. A row whose `billed` is not empty is `billed`, on its
  /// `invoice`.
  static func decodeCSV(
    _ bytes: [UInt8], billed: (String, String?) -> Void, _ body: (Result<LedgerRecord, Problem>) -> Void
  ) {
    var columns: [String: Int]? = nil
    CSV.forEachRow(bytes) { row in
      let place = "line \(row.line)"
      if row.unterminated {
        body(.failure(Problem(place: place, message: "a quoted field is never closed (no ending '\"')")))
        return
      }
      if row.invalidUTF8 {
        body(.failure(Problem(place: place, message: "not UTF-8 text")))
        return
      }
      guard let known = columns else {
        var found: [String: Int] = [:]
        for (index, name) in row.fields.enumerated() where found[name] == nil { found[name] = index }
        let missing = ["id", "kind", "start", "end", "seconds"].filter { found[$0] == nil }
        if !missing.isEmpty {
          body(
            .failure(
              Problem(place: place, message: "no column \(missing.joined(separator: ", ")) in the header")))
        }
        columns = found
        return
      }
      var fields = RecordFields()
      var bill: (billed: Bool, invoice: String?) = (false, nil)
      for (name, index) in known where index < row.fields.count {
        let text = row.fields[index]
        if text.isEmpty { continue }
        switch name {
        case "billed":
          bill.billed = true
        case "invoice":
          bill.invoice = text
        case "seconds", "internal", "external", "gap":
          guard let number = Int64(text) else {
            body(.failure(Problem(place: place, message: "'\(name)' is not a whole number")))
            return
          }
          fields.set(name, .number(number))
        case "tags":
          fields.tags = text.split(separator: ";").map(String.init)
        default:
          fields.set(name, .text(text))
        }
      }
      do throws(LedgerRecord.DecodeError) {
        let record = try checked(fields.record())
        if bill.billed { billed(record.id, bill.invoice) }
        body(.success(record))
      } catch {
        body(.failure(Problem(place: place, message: error.message)))
      }
    }
  }
}
