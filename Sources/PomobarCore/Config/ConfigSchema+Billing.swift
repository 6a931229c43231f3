import TOML

/// The billing keys: `[billing]`, a project's and a client's rate ([docs/billing.md]).
extension ConfigSchema {
  static let billing = ConfigTable(
    name: "billing",
    doc: """
      Billing: a rate on a project (`[projects.NAME] rate = "95 EUR/h"`), on a client
      (`[clients.NAME] rate`) or on a tag (`tag-rates`) turns it on; reports and CSV exports
      then show billable time, raw and rounded, and the amount. Without a rate nothing
      changes. Time is rounded in reports only, never in the history.
      """,
    keys: [
      ConfigKey(
        "billing", "round", \.billing.round, .phaseLengthOrFalse,
        doc: "The step billed time is rounded to, like \"15m\" or \"6m\"; false: not rounded."),
      ConfigKey(
        "billing", "round-per", \.billing.roundPer, .choice,
        doc: """
          What is rounded: "entry" (each record of work), "day" (a project's time of a day at
          one rate) or "invoice" (a project's time at one rate over the report's range).
          """),
      ConfigKey(
        "billing", "round-mode", \.billing.roundMode, .choice,
        doc: "\"up\", \"down\" or \"nearest\" (half a step goes up)."),
      ConfigKey(
        "billing", "minimum", \.billing.minimum, .phaseLengthOrFalse,
        doc: "The least an entry with any billable time is billed, before rounding; false: none."),
      ConfigKey(
        "billing", "bill-breaks", \.billing.billBreaks, .boolean,
        doc: """
          Whether a Pomodoro break inside the work clock (one a focus started runs on through
          its breaks) is billed; by default its time is taken out of the work it lies in.
          """),
      ConfigKey(
        "billing", "tag-rates", \.billing.tagRates, .tagRates,
        example: .commented(
          "{ support = \"60 EUR/h\", travel = [\"40 EUR/h\", \"45 EUR/h from 2027-01-01\"] }"),
        doc: """
          A rate per tag, over the project's and the client's, for a kind of work that bills
          differently (the record's first tag that has one). A rate is "AMOUNT CODE/h" with
          at most two decimals ("95.50 EUR/h"), or a list whose later rates apply from a date
          ("95 EUR/h from 2027-01-01"): work is billed at the rate of the day it started.
          The tags +billable and +non-billable bill a record, or not, whatever its project says.
          """),
    ])

  /// The keys of each `[clients.NAME]` table.
  static let clientKeys: [ClientKey] = [
    ClientKey("rate", \.rate, ConfigValue.rate.optional, example: "\"95 EUR/h\""),
    ClientKey("billable", \.billable, ConfigValue.boolean.optional, example: "true"),
  ]

  /// What `config.example.toml` says about `[clients.NAME]`, above its example table.
  static let clientsDoc = """
    One table per client (a project names its client with `client`), all keys optional:
    the rate of its projects that have none of their own, and whether their work is
    billable (by default: when a rate applies).
    """
}

extension ConfigValue where T == RateSchedule {
  /// A rate, `"95 EUR/h"`, or rates from dates: `["80 EUR/h", "95 EUR/h from 2027-01-01"]`.
  static var rate: Self {
    Self(
      read: { r, node, key throws(ConfigError) in try r.rate(node, key) },
      print: { schedule in
        let texts = schedule.steps.map { ConfigPrinter.quote($0.text) }
        return schedule.steps.count == 1 && schedule.steps[0].from == nil
          ? texts[0] : "[" + texts.joined(separator: ", ") + "]"
      })
  }
}

extension ConfigValue where T == [TagRate] {
  /// `tag-rates`: an inline table of tag to rate; none is not written.
  static var tagRates: Self {
    Self(
      read: { r, node, key throws(ConfigError) in
        guard case .table(let table) = node.value else {
          throw r.error(
            node.position, "'\(key)' must be a table of tag = rate, like { support = \"60 EUR/h\" }")
        }
        var rates: [TagRate] = []
        for entry in table.entries {
          let rate = try r.rate(entry.node, "\(key).\(Shown.plain(entry.key))")
          rates.append(TagRate(tag: TagName.normalised(entry.key), rate: rate))
        }
        return rates
      },
      print: { rates in
        guard !rates.isEmpty else { return nil }
        let entries = rates.map {
          "\(TOML.quoteKey($0.tag)) = \(ConfigValue<RateSchedule>.rate.print($0.rate)!)"
        }
        return "{ " + entries.joined(separator: ", ") + " }"
      })
  }
}

extension Reader {
  /// A rate or a list of rates from dates: the first may have no date, the others need
  /// one, later than the one before. A mistake is placed at its character.
  func rate(_ node: TOMLNode, _ key: String) throws(ConfigError) -> RateSchedule {
    let form = "a rate like \"95 EUR/h\", or a list like [\"80 EUR/h\", \"95 EUR/h from 2027-01-01\"]"
    let items: [TOMLNode]
    switch node.value {
    case .string: items = [node]
    case .array(let array) where !array.isEmpty: items = array
    case .array: throw error(node.position, "'\(key)' must not be empty; write \(form)")
    case .integer, .float, .boolean, .table:
      throw error(node.position, "'\(key)' must be \(form), not \(article(node.value))")
    }
    var steps: [RateSchedule.Step] = []
    for item in items {
      let text = try string(item, key)
      switch RateSchedule.step(text) {
      case .failure(let refusal):
        throw error(
          source.position(of: refusal.offset, inStringAt: item.position),
          "'\(key)': \(Shown.quoted(text)) \(refusal.message)")
      case .success(let step):
        if let previous = steps.last {
          guard let from = step.from else {
            throw error(
              item.position,
              "'\(key)': only the first rate may go without a date; write \"\(step.rate) from YYYY-MM-DD\"")
          }
          if let before = previous.from, from <= before {
            throw error(
              item.position, "'\(key)': the rates must go by date, each later than the one before (\(before))"
            )
          }
        }
        steps.append(step)
      }
    }
    return RateSchedule(steps)
  }
}
