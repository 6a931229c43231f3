import Foundation
import TOML

/// The tagged JSON form of a TOML value tree used by the golden fixtures, in canonical text.
///
/// It follows toml-test: tables are objects, arrays are arrays, and scalars are
/// `{"type": "integer", "value": "42"}` with types string, integer, float and bool. Both the
/// parsed document and the expected `.json` file are rendered to the same canonical text
/// (sorted keys, normalized numbers) so a mismatch shows as a readable diff.
enum TaggedJSON {
  /// Renders a parsed table.
  static func render(_ table: TOMLTable) -> String {
    render(.table(table), indent: "")
  }

  /// Renders parsed JSON (from `JSONSerialization`) of an expected fixture.
  static func render(expected json: Any) -> String {
    renderExpected(json, indent: "")
  }

  private static func render(_ value: TOMLValue, indent: String) -> String {
    switch value {
    case .string(let text): return scalar("string", text)
    case .integer(let number): return scalar("integer", String(number))
    case .float(let number): return scalar("float", canonicalFloat(number))
    case .boolean(let flag): return scalar("bool", flag ? "true" : "false")
    case .array(let nodes):
      return array(nodes.map { render($0.value, indent: indent + "  ") }, indent: indent)
    case .table(let table):
      let members = table.entries.map { ($0.key, render($0.node.value, indent: indent + "  ")) }
      return object(members, indent: indent)
    }
  }

  private static func renderExpected(_ json: Any, indent: String) -> String {
    if let list = json as? [Any] {
      return array(list.map { renderExpected($0, indent: indent + "  ") }, indent: indent)
    }
    guard let dictionary = json as? [String: Any] else { return "<unexpected \(json)>" }
    if dictionary.count == 2, let type = dictionary["type"] as? String,
      let value = dictionary["value"] as? String
    {
      switch type {
      case "integer": return scalar(type, Int64(value).map(String.init) ?? "<bad integer \(value)>")
      case "float": return scalar(type, expectedFloat(value))
      default: return scalar(type, value)
      }
    }
    let members = dictionary.map { ($0.key, renderExpected($0.value, indent: indent + "  ")) }
    return object(members, indent: indent)
  }

  private static func expectedFloat(_ text: String) -> String {
    switch text {
    case "inf", "+inf": return "inf"
    case "-inf": return "-inf"
    case "nan", "+nan", "-nan": return "nan"
    default: return Double(text).map(canonicalFloat) ?? "<bad float \(text)>"
    }
  }

  private static func canonicalFloat(_ number: Double) -> String {
    if number.isNaN { return "nan" }
    if number.isInfinite { return number < 0 ? "-inf" : "inf" }
    return "\(number)"
  }

  private static func scalar(_ type: String, _ value: String) -> String {
    "{\"type\": \(quote(type)), \"value\": \(quote(value))}"
  }

  private static func array(_ items: [String], indent: String) -> String {
    if items.isEmpty { return "[]" }
    return "[\n" + items.map { indent + "  " + $0 }.joined(separator: ",\n") + "\n" + indent + "]"
  }

  private static func object(_ members: [(String, String)], indent: String) -> String {
    if members.isEmpty { return "{}" }
    let lines = members.sorted { $0.0 < $1.0 }.map { indent + "  " + quote($0.0) + ": " + $0.1 }
    return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
  }

  private static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          result += String(format: "\\u%04X", scalar.value)
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
