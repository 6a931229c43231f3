// libFuzzer entry point for the TOML parser.
//
// scripts/fuzz-toml.sh compiles this file together with Sources/TOML/*.swift into one module
// (so there is no `import TOML`) with -sanitize=fuzzer,address. Any trap, sanitizer report or
// broken invariant below is a crash that libFuzzer saves as an artifact.

/// Parses one input and checks the parser's promises about it.
///
/// Promises: never trap; an error points inside the input; a parsed table's positions are
/// inside the input; valid UTF-8 parses the same from a String as from bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  let bytes = (data != nil && size > 0) ? Array(UnsafeBufferPointer(start: data, count: size)) : []
  let lines = lineLengths(bytes)
  let fromBytes: String
  do {
    let table = try TOML.parse(bytes: bytes)
    checkPositions(in: table, lines: lines)
    fromBytes = render(.table(table))
  } catch {
    check(error.position, lines: lines, what: "error \(error)")
    fromBytes = error.description
  }
  if let text = String(validating: bytes, as: UTF8.self) {
    let fromString: String
    do {
      fromString = render(.table(try TOML.parse(text)))
    } catch {
      fromString = error.description
    }
    if fromString != fromBytes {
      fatalError("bytes and string disagree:\n\(fromBytes)\n---\n\(fromString)")
    }
  }
  return 0
}

/// The length in bytes of each line of the input (an upper bound for its columns).
func lineLengths(_ bytes: [UInt8]) -> [Int] {
  bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(\.count)
}

/// Traps unless `position` is on a line of the input and at most one past its end.
func check(_ position: TOMLPosition, lines: [Int], what: @autoclosure () -> String) {
  guard position.line >= 1, position.line <= lines.count, position.column >= 1,
    position.column <= lines[position.line - 1] + 1
  else {
    fatalError("position outside the input: \(what())")
  }
}

/// Checks every key and value position in a parsed table.
func checkPositions(in table: TOMLTable, lines: [Int]) {
  check(table.position, lines: lines, what: "table position \(table.position)")
  for entry in table.entries {
    check(entry.keyPosition, lines: lines, what: "key '\(entry.key)' at \(entry.keyPosition)")
    checkPositions(in: entry.node, lines: lines)
  }
}

/// Checks a node's position and those of everything inside it.
func checkPositions(in node: TOMLNode, lines: [Int]) {
  check(node.position, lines: lines, what: "value at \(node.position)")
  switch node.value {
  case .array(let elements):
    for element in elements { checkPositions(in: element, lines: lines) }
  case .table(let table):
    checkPositions(in: table, lines: lines)
  case .string, .integer, .float, .boolean:
    break
  }
}

/// A canonical text form of a value (nan written as "nan", so equal trees render equally).
func render(_ value: TOMLValue) -> String {
  switch value {
  case .string(let text): return "s:\(text.debugDescription)"
  case .integer(let number): return "i:\(number)"
  case .float(let number): return number.isNaN ? "f:nan" : "f:\(number)"
  case .boolean(let flag): return "b:\(flag)"
  case .array(let elements): return "[" + elements.map { render($0.value) }.joined(separator: ",") + "]"
  case .table(let table):
    return "{"
      + table.entries.map {
        "\($0.key.debugDescription)@\($0.keyPosition)=\(render($0.node.value))@\($0.node.position)"
      }
      .joined(separator: ",") + "}"
  }
}
