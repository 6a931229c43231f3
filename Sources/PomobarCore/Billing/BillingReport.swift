/// What a range of work bills: per project and rate, per client, and in all, raw and
/// rounded billable time side by side, with the rule that rounded it.
public struct BillingReport: Equatable, Sendable {
  /// The rounding rule applied.
  public var rule: BillingRounding
  /// Whether Pomodoro breaks inside the work clock were billed (`bill-breaks`).
  public var billsBreaks: Bool
  /// A project at one rate each, by client (none last), project, then rate.
  public var lines: [Line]

  public struct Line: Equatable, Sendable {
    public var project: String?
    public var client: String?
    /// nil: billable, but no rate applies.
    public var rate: Rate?
    /// Work records billed.
    public var entries: Int
    /// Their counted seconds.
    public var seconds: Int64
    /// Less the breaks inside (what is billed before rounding).
    public var billable: Int64
    public var rounded: Int64
    /// nil without a rate.
    public var amount: Money?
  }

  /// A client's lines added up (`name` nil: projects without a client).
  public struct ClientTotal: Equatable, Sendable {
    public var name: String?
    public var billable: Int64
    public var rounded: Int64
    /// One sum per currency, by code.
    public var amounts: [Money]
  }

  public init(rule: BillingRounding, billsBreaks: Bool, lines: [Line]) {
    self.rule = rule
    self.billsBreaks = billsBreaks
    self.lines = lines.sorted { a, b in
      if a.client != b.client { return Self.before(a.client, b.client) }
      if a.project != b.project { return Self.before(a.project, b.project) }
      return (a.rate?.perHour.currency.code ?? "", a.rate?.perHour.minor ?? -1)
        < (b.rate?.perHour.currency.code ?? "", b.rate?.perHour.minor ?? -1)
    }
  }

  /// Names in order, none last.
  static func before(_ a: String?, _ b: String?) -> Bool {
    switch (a, b) {
    case (let x?, let y?): return x < y
    case (.some, nil): return true
    case (nil, _): return false
    }
  }

  public var billable: Int64 { lines.reduce(0) { $0 + $1.billable } }
  public var rounded: Int64 { lines.reduce(0) { $0 + $1.rounded } }
  /// The amounts of every line, one sum per currency.
  public var totals: [Money] { Self.sums(lines) }

  /// The clients in the order of the lines.
  public var clients: [ClientTotal] {
    var order: [String?] = []
    for line in lines where !order.contains(line.client) { order.append(line.client) }
    return order.map { name in
      let own = lines.filter { $0.client == name }
      return ClientTotal(
        name: name, billable: own.reduce(0) { $0 + $1.billable }, rounded: own.reduce(0) { $0 + $1.rounded },
        amounts: Self.sums(own))
    }
  }

  static func sums(_ lines: [Line]) -> [Money] {
    var byCurrency: [Currency: Int64] = [:]
    for line in lines {
      if let amount = line.amount { byCurrency[amount.currency, default: 0] += amount.minor }
    }
    return byCurrency.keys.sorted().map { Money(minor: byCurrency[$0]!, currency: $0) }
  }

  /// The rule in words: `rounded up to 15m per entry; breaks not billed`.
  public var ruleText: String { rule.description + (billsBreaks ? "; breaks billed" : "; breaks not billed") }
}
