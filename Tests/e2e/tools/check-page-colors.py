#!/usr/bin/env python3
"""check-page-colors.py PAGE MINIMUM: the projects' colours of a `report --html` page, told
apart. Reads each scheme's project colours (the --pN variables of `:root` for the light
scheme and of `prefers-color-scheme: dark`), prints them, and the smallest CIEDE2000
difference between two of one scheme; exits 1 when it is below MINIMUM.

CIEDE2000 as Sharma, Wu and Dalal state it (2005), from sRGB through CIELAB (D65); their
test pairs are checked first."""
import math
import re
import sys


def lab(color):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(int(color[i:i + 2], 16)) for i in (1, 3, 5))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883
    f = lambda t: t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def ciede2000(p, q):
    (l1, a1, b1), (l2, a2, b2) = p, q
    mean_c = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(mean_c ** 7 / (mean_c ** 7 + 25 ** 7)))
    def prime(a, b):
        a = (1 + g) * a
        c = math.hypot(a, b)
        return c, (math.degrees(math.atan2(b, a)) % 360 if c else 0.0)
    c1, h1 = prime(a1, b1)
    c2, h2 = prime(a2, b2)
    dh = 0.0
    if c1 * c2:
        dh = h2 - h1
        dh = dh - 360 if dh > 180 else dh + 360 if dh < -180 else dh
    big_dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(dh / 2))
    mean_l, mean_cp = (l1 + l2) / 2, (c1 + c2) / 2
    mean_h = h1 + h2
    if c1 * c2:
        if abs(h1 - h2) <= 180:
            mean_h = (h1 + h2) / 2
        else:
            mean_h = (h1 + h2 + 360) / 2 if h1 + h2 < 360 else (h1 + h2 - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(mean_h - 30)) + 0.24 * math.cos(math.radians(2 * mean_h))
         + 0.32 * math.cos(math.radians(3 * mean_h + 6)) - 0.20 * math.cos(math.radians(4 * mean_h - 63)))
    rotation = 30 * math.exp(-((mean_h - 275) / 25) ** 2)
    rc = 2 * math.sqrt(mean_cp ** 7 / (mean_cp ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (mean_l - 50) ** 2 / math.sqrt(20 + (mean_l - 50) ** 2)
    sc, sh = 1 + 0.045 * mean_cp, 1 + 0.015 * mean_cp * t
    rt = -math.sin(math.radians(2 * rotation)) * rc
    l, c, h = (l2 - l1) / sl, (c2 - c1) / sc, big_dh / sh
    return math.sqrt(l * l + c * c + h * h + rt * c * h)


for p, q, want in [((50, 2.6772, -79.7751), (50, 0, -82.7485), 2.0425),
                   ((50, 2.49, -0.001), (50, -2.49, 0.0011), 7.2195),
                   ((50, 2.5, 0), (73, 25, -18), 27.1492),
                   ((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514), 0.9082)]:
    assert abs(ciede2000(p, q) - want) < 1e-4, (p, q, ciede2000(p, q), want)

page = open(sys.argv[1], encoding="utf-8").read()
minimum = float(sys.argv[2])
light = re.search(r":root\{color-scheme:light dark;([^}]*)\}", page).group(1)
dark = re.search(r"@media \(prefers-color-scheme:dark\)\{:root\{([^}]*)\}", page).group(1)
smallest = math.inf
for name, variables in (("light", light), ("dark", dark)):
    colors = re.findall(r"--p\d+:(#[0-9A-Fa-f]{6})", variables)
    pairs = [(ciede2000(lab(a), lab(b)), a, b) for i, a in enumerate(colors) for b in colors[i + 1:]]
    least = min(pairs)
    print(f"{name}: {' '.join(colors)}; closest {least[1]} {least[2]}: {least[0]:.1f}")
    smallest = min(smallest, least[0])
print(f"smallest difference {smallest:.1f} (minimum {minimum:g})")
sys.exit(0 if smallest >= minimum else 1)
