/// A rate that may change from a date: `["80 EUR/h", "95 EUR/h from 2027-01-01"]`.
///
/// Work is priced at the rate of the day it was done (the ledger day it started), so a
/// rate raised in January never reprices December.
public struct RateSchedule: Equatable, Hashable, Sendable {
  /// Each rate and the first day it applies (nil: from the beginning), in date order;
  /// only the first may have no date.
  public var steps: [Step]

  public struct Step: Equatable, Hashable, Sendable {
    public var from: CivilTime.Date?
    public var rate: Rate

    public init(from: CivilTime.Date? = nil, rate: Rate) {
      self.from = from
      self.rate = rate
    }

    /// `95.00 EUR/h from 2027-01-01`, as the config writes it.
    public var text: String { rate.description + (from.map { " from \($0)" } ?? "") }
  }

  public init(_ steps: [Step]) { self.steps = steps }

  /// One rate for all time.
  public init(_ rate: Rate) { self.steps = [Step(rate: rate)] }

  /// The rate on `day` (a day number): the last step that began by then; nil before the
  /// first step's date.
  public func rate(onDay day: Int64) -> Rate? {
    var found: Rate? = nil
    for step in steps {
      if let from = step.from, from.dayNumber > day { break }
      found = step.rate
    }
    return found
  }

  /// Reads one step: a rate, optionally ` from YYYY-MM-DD`.
  public static func step(_ text: String) -> Result<Step, RateRefusal> {
    let characters = Array(text)
    let marker = Array(" from ")
    var rateText = Substring(text)
    var from: CivilTime.Date? = nil
    if let at = (0..<max(0, characters.count - marker.count + 1)).first(where: {
      characters[$0..<($0 + marker.count)].elementsEqual(marker)
    }) {
      rateText = Substring(String(characters[..<at]))
      var offset = at + marker.count
      while offset < characters.count, characters[offset] == " " { offset += 1 }
      guard let date = CivilTime.Date(String(characters[offset...])) else {
        return .failure(RateRefusal(offset: offset, message: "the date must be YYYY-MM-DD, like 2027-01-01"))
      }
      from = date
    }
    let trimmed = rateText.drop { $0 == " " }
    let lead = rateText.count - trimmed.count
    let trailing = trimmed.reversed().prefix { $0 == " " }.count
    switch Rate.parse(trimmed.dropLast(trailing)) {
    case .success(let rate): return .success(Step(from: from, rate: rate))
    case .failure(var refusal):
      refusal.offset += lead
      return .failure(refusal)
    }
  }
}
