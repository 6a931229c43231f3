/// An amount of money: whole minor units (cents) of a currency, never floating point.
///
/// Every currency is written with two decimals (`1,240.00 EUR`): the code after the
/// number says which currency it is without a table of symbols or locales, and sums of
/// minor units are exact however many are added.
public struct Money: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Hundredths of the currency's unit.
  public var minor: Int64
  public var currency: Currency

  public init(minor: Int64, currency: Currency) {
    self.minor = minor
    self.currency = currency
  }

  /// `1,240.00 EUR`: thousands separated by commas, two decimals, the code last.
  public var description: String { "\(Money.decimal(minor, grouped: true)) \(currency)" }

  /// `1240.00`: the number alone, as CSV and JSON carry it (no separators).
  public var plain: String { Money.decimal(minor, grouped: false) }

  /// Minor units as a decimal with two places: `124000` is `1,240.00` (grouped) or
  /// `1240.00`.
  static func decimal(_ minor: Int64, grouped: Bool) -> String {
    let sign = minor < 0 ? "-" : ""
    let magnitude = minor.magnitude
    var whole = String(magnitude / 100)
    if grouped {
      var groups: [Substring] = []
      while whole.count > 3 {
        groups.insert(whole.suffix(3), at: 0)
        whole = String(whole.dropLast(3))
      }
      whole = ([Substring(whole)] + groups).joined(separator: ",")
    }
    let cents = magnitude % 100
    return sign + whole + (cents < 10 ? ".0" : ".") + String(cents)
  }
}

/// A currency as its ISO 4217 code: three capital letters, `EUR`.
public struct Currency: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
  public let code: String

  /// nil unless `code` is three letters A-Z.
  public init?(_ code: some StringProtocol) {
    guard code.utf8.count == 3, code.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else { return nil }
    self.code = String(code)
  }

  public var description: String { code }

  public static func < (lhs: Currency, rhs: Currency) -> Bool { lhs.code < rhs.code }
}

/// Money per hour of work: `95.50 EUR/h`.
public struct Rate: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Minor units per hour.
  public var perHour: Money

  /// The most an hour can cost (1,000,000.00): amounts of a century of hours stay exact.
  public static let maximumMinor: Int64 = 100_000_000

  public init(perHour: Money) { self.perHour = perHour }

  /// `95.50 EUR/h` (no grouping: it reads back as it is written).
  public var description: String { "\(perHour.plain) \(perHour.currency)/h" }

  /// What `seconds` of work cost at this rate, to the nearest minor unit (half a cent
  /// up): `minor × seconds / 3600`, worked out in 128 bits, so it is exact for any time.
  public func amount(_ seconds: Int64) -> Money {
    let product = perHour.minor.multipliedFullWidth(by: max(0, seconds))
    let (quotient, remainder) = Int64(3600).dividingFullWidth(product)
    return Money(minor: quotient + (remainder >= 1800 ? 1 : 0), currency: perHour.currency)
  }

  /// Reads `95 EUR/h`, `95.5 EUR/h`, `95.50 EUR/h`: a number with at most two decimals,
  /// a space, a currency code and `/h`. The failure says where the text goes wrong (an
  /// offset in characters) and what to write.
  public static func parse(_ text: Substring) -> Result<Rate, RateRefusal> {
    let characters = Array(text)
    var index = 0
    var whole: Int64 = 0
    var digits = 0
    while index < characters.count, let digit = characters[index].wholeNumberValue, characters[index].isASCII
    {
      whole = whole &* 10 &+ Int64(digit)
      digits += 1
      index += 1
      if digits > 7 { return .failure(RateRefusal(offset: 0, message: "is more than 1000000 an hour")) }
    }
    guard digits > 0 else {
      if index < characters.count, characters[index] == "-" {
        return .failure(RateRefusal(offset: index, message: "must not be negative"))
      }
      return .failure(RateRefusal(offset: index, message: "must start with an amount, like \"95 EUR/h\""))
    }
    var cents: Int64 = 0
    if index < characters.count, characters[index] == "." || characters[index] == "," {
      guard characters[index] == "." else {
        return .failure(RateRefusal(offset: index, message: "the decimal point is '.', like \"95.50 EUR/h\""))
      }
      index += 1
      var places = 0
      while index < characters.count, let digit = characters[index].wholeNumberValue,
        characters[index].isASCII
      {
        places += 1
        guard places <= 2 else {
          return .failure(RateRefusal(offset: index, message: "has more than two decimals"))
        }
        cents = cents * 10 + Int64(digit)
        index += 1
      }
      guard places > 0 else { return .failure(RateRefusal(offset: index, message: "needs digits after '.'")) }
      if places == 1 { cents *= 10 }
    }
    let minor = whole * 100 + cents
    guard minor <= maximumMinor else {
      return .failure(RateRefusal(offset: 0, message: "is more than 1000000 an hour"))
    }
    guard index < characters.count, characters[index] == " " else {
      return .failure(
        RateRefusal(offset: index, message: "needs a currency after the amount, like \"95 EUR/h\""))
    }
    while index < characters.count, characters[index] == " " { index += 1 }
    let codeStart = index
    while index < characters.count, characters[index] != "/", characters[index] != " " { index += 1 }
    let code = String(characters[codeStart..<index])
    guard let currency = Currency(code) else {
      let upper = code.uppercased()
      let hint = Currency(upper) != nil ? " (write \(upper))" : ""
      return .failure(
        RateRefusal(
          offset: codeStart, message: "needs a currency code of three capital letters, like EUR\(hint)"))
    }
    let unit = String(characters[index...])
    guard unit == "/h" else {
      return .failure(RateRefusal(offset: index, message: "is an amount an hour: write \(code)/h at its end"))
    }
    return .success(Rate(perHour: Money(minor: minor, currency: currency)))
  }
}

/// Why a text is not a rate, and where (in characters from its start).
public struct RateRefusal: Error, Equatable, Sendable {
  public var offset: Int
  public var message: String
}
