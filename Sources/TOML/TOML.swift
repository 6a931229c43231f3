/// Entry points of the TOML 1.0 parser.
///
/// A caseless enum is a namespace: there is no parser object to configure or keep. Both entry
/// points return the root table or throw the first error with its line and column.
///
/// Supported: all of TOML 1.0 except dates and times, which are rejected with an error asking
/// for a string. Nesting of tables, arrays and inline tables is limited to
/// `maximumNestingDepth` levels so that hostile input cannot exhaust the stack.
public enum TOML {
  /// How deeply tables, arrays and inline tables may nest; deeper input is an error.
  ///
  /// Conversions of parsed values are recursive, so this bounds their stack use too.
  public static let maximumNestingDepth = 128

  /// Parses a TOML document from a string.
  ///
  /// A Swift string is always valid Unicode, so only TOML's own rules can fail.
  public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    var parser = Parser(bytes: Array(text.utf8))
    return try parser.parseDocument()
  }

  /// Parses a TOML document from UTF-8 bytes, as read from a file.
  ///
  /// Validates UTF-8 first: invalid UTF-8 (overlong forms, surrogates, truncated sequences,
  /// stray continuation bytes) is an error at its position. A leading UTF-8 byte order mark
  /// is skipped.
  public static func parse(bytes: [UInt8]) throws(TOMLError) -> TOMLTable {
    try UTF8Validator.validate(bytes)
    var parser = Parser(bytes: bytes)
    return try parser.parseDocument()
  }

  /// `text` as a TOML basic string, quotes included, that parses back to `text`.
  ///
  /// Quotes and backslashes are escaped, as are control characters (`\n`, `\t`, `\r`,
  /// else `\uXXXX`); everything else is kept as it is.
  public static func quote(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F {
          out += "\\u" + String(Parser.unicodeName(scalar.value).dropFirst(2))
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// `text` as a key: bare (`api`, `my-project_2`) when TOML allows it, else quoted.
  public static func quoteKey(_ text: String) -> String {
    let bare =
      !text.isEmpty
      && text.utf8.allSatisfy { byte in
        (48...57).contains(byte) || (65...90).contains(byte) || (97...122).contains(byte)
          || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
      }
    return bare ? text : quote(text)
  }
}
