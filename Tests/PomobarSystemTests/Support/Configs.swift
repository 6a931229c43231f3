/// Configs that more than one suite runs with, written once.
enum TestConfig {
  /// Forgot-to-start due 2 s after tracking stops, on every day and at every hour, with
  /// the idle watch it needs ("at the computer"): every minute but 23:59, which the
  /// sandbox's clock at noon keeps clear of (`Sandbox.pinMidday`).
  static let forgotToStartIn2s = """
    [idle]
    after = "10m"
    [ledger]
    work-days = "mon-sun"
    [nudges]
    forgot-to-start = "2s"
    work-from = "00:00"
    work-until = "23:59"
    """
}
