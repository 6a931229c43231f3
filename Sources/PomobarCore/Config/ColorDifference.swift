extension Colors {
  /// How different two `#rrggbb` colours look: the CIEDE2000 colour difference ΔE₀₀ of
  /// their CIELAB values (sRGB, D65), 0 for the same colour, about 1 for the smallest
  /// difference a person sees side by side, 100 and more for black and white; nil if either
  /// is not a colour.
  ///
  /// The formula is Sharma, Wu and Dalal's statement of it ("The CIEDE2000 colour-difference
  /// formula: implementation notes, supplementary test data, and mathematical
  /// observations", 2005), with kL = kC = kH = 1.
  public static func difference(_ a: String, _ b: String) -> Double? {
    guard let first = lab(a), let second = lab(b) else { return nil }
    return difference(first, second)
  }

  /// CIELAB (L*, a*, b*) of a `#rrggbb` colour, for the D65 white point; nil if not a colour.
  static func lab(_ color: String) -> (l: Double, a: Double, b: Double)? {
    guard let (red, green, blue) = components(color) else { return nil }
    func linear(_ channel: Int) -> Double {
      let c = Double(channel) / 255
      return c <= 0.04045 ? c / 12.92 : power2point4((c + 0.055) / 1.055)
    }
    let (r, g, b) = (linear(red), linear(green), linear(blue))
    // sRGB to XYZ (IEC 61966-2-1), each over the D65 white's.
    let x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    let y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    let z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    func f(_ t: Double) -> Double { t > 216.0 / 24389 ? CoreMath.cubeRoot(t) : (24389.0 / 27 * t + 16) / 116 }
    let (fx, fy, fz) = (f(x), f(y), f(z))
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
  }

  /// CIEDE2000 of two CIELAB colours.
  static func difference(
    _ first: (l: Double, a: Double, b: Double), _ second: (l: Double, a: Double, b: Double)
  ) -> Double {
    let degree = Double.pi / 180
    func seventh(_ x: Double) -> Double { x * x * x * x * x * x * x }
    let meanC =
      ((first.a * first.a + first.b * first.b).squareRoot()
        + (second.a * second.a + second.b * second.b).squareRoot()) / 2
    let g = 0.5 * (1 - (seventh(meanC) / (seventh(meanC) + seventh(25))).squareRoot())
    func prime(_ lab: (l: Double, a: Double, b: Double)) -> (c: Double, h: Double) {
      let a = (1 + g) * lab.a
      let c = (a * a + lab.b * lab.b).squareRoot()
      guard c > 0 else { return (0, 0) }
      let h = CoreMath.atan2(lab.b, a) / degree
      return (c, h < 0 ? h + 360 : h)
    }
    let (c1, h1) = prime(first)
    let (c2, h2) = prime(second)
    let deltaL = second.l - first.l
    let deltaC = c2 - c1
    var deltaH = 0.0
    if c1 * c2 != 0 {
      deltaH = h2 - h1
      if deltaH > 180 { deltaH -= 360 } else if deltaH < -180 { deltaH += 360 }
    }
    let deltaBigH = 2 * (c1 * c2).squareRoot() * CoreMath.sin(deltaH / 2 * degree)
    let meanL = (first.l + second.l) / 2
    let meanCPrime = (c1 + c2) / 2
    var meanH = h1 + h2
    if c1 * c2 != 0 {
      if abs(h1 - h2) <= 180 {
        meanH = (h1 + h2) / 2
      } else {
        meanH = h1 + h2 < 360 ? (h1 + h2 + 360) / 2 : (h1 + h2 - 360) / 2
      }
    }
    let t =
      1 - 0.17 * CoreMath.cos((meanH - 30) * degree) + 0.24 * CoreMath.cos(2 * meanH * degree)
      + 0.32 * CoreMath.cos((3 * meanH + 6) * degree) - 0.20 * CoreMath.cos((4 * meanH - 63) * degree)
    let rotation = 30 * CoreMath.exp(-((meanH - 275) / 25) * ((meanH - 275) / 25))
    let rc = 2 * (seventh(meanCPrime) / (seventh(meanCPrime) + seventh(25))).squareRoot()
    let lightness = (meanL - 50) * (meanL - 50)
    let sl = 1 + 0.015 * lightness / (20 + lightness).squareRoot()
    let sc = 1 + 0.045 * meanCPrime
    let sh = 1 + 0.015 * meanCPrime * t
    let rt = -CoreMath.sin(2 * rotation * degree) * rc
    let (l, c, h) = (deltaL / sl, deltaC / sc, deltaBigH / sh)
    return (l * l + c * c + h * h + rt * c * h).squareRoot()
  }
}

/// The elementary functions the core needs for colour differences, written out: it imports
/// no maths library. Each is exact to about 1e-15 over the range it is used in.
enum CoreMath {
  /// sin x: reduced to [-π, π], then its Taylor series.
  static func sin(_ x: Double) -> Double {
    let r = x.remainder(dividingBy: 2 * Double.pi)
    var term = r
    var sum = r
    var n = 1.0
    while abs(term) > 1e-17 {
      term *= -r * r / ((n + 1) * (n + 2))
      n += 2
      sum += term
    }
    return sum
  }

  static func cos(_ x: Double) -> Double { sin(x + Double.pi / 2) }

  /// eˣ: e^(x/2ᵏ) by its series, with |x/2ᵏ| ≤ 1/2, squared k times.
  static func exp(_ x: Double) -> Double {
    var y = x
    var halvings = 0
    while abs(y) > 0.5 {
      y /= 2
      halvings += 1
    }
    var term = 1.0
    var sum = 1.0
    var n = 0.0
    while abs(term) > 1e-17 {
      n += 1
      term *= y / n
      sum += term
    }
    for _ in 0..<halvings { sum *= sum }
    return sum
  }

  /// The angle of the point (x, y), in (-π, π]; 0 for the origin.
  static func atan2(_ y: Double, _ x: Double) -> Double {
    guard x != 0 || y != 0 else { return 0 }
    let (ax, ay) = (abs(x), abs(y))
    var angle = ay <= ax ? atan(ay / ax) : Double.pi / 2 - atan(ax / ay)
    if x < 0 { angle = Double.pi - angle }
    return y < 0 ? -angle : angle
  }

  /// arctan z for 0 ≤ z ≤ 1: the angle halved three times (atan z = 2 atan(z / (1 +
  /// √(1 + z²)))), leaving z ≤ tan(π/32), then its series.
  static func atan(_ z: Double) -> Double {
    var z = z
    for _ in 0..<3 { z /= 1 + (1 + z * z).squareRoot() }
    var power = z
    var sum = z
    var n = 1.0
    while abs(power) > 1e-18 {
      power *= -z * z
      n += 2
      sum += power / n
    }
    return 8 * sum
  }

  /// ∛x for x ≥ 0, by Newton's method from above.
  static func cubeRoot(_ x: Double) -> Double {
    guard x > 0 else { return 0 }
    var root = max(x, 1)
    for _ in 0..<100 {
      let next = root - (root * root * root - x) / (3 * root * root)
      if abs(next - root) <= 1e-16 * root { return next }
      root = next
    }
    return root
  }
}
