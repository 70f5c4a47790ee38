#!/usr/bin/env python3
"""Ritter's (1892) dam-break solution and the window where it is the exact answer.

Ritter: a dam at X0 holding still water of depth H0 over a dry bed breaks at t = 0; for
-c0 t <= x - X0 <= 2 c0 t (c0 = sqrt(g H0)) the depth is
    h(x, t) = (2 c0 - (x - X0)/t)^2 / (9 g),
H0 upstream of the fan and dry downstream of it. shallowWaterFoam has no wetting and drying
(U = hU/h), so the channel downstream holds a thin layer H1: the exact solution is then
Stoker's (1957): the same rarefaction fan from x - X0 = -c0 t up to (u2 - c2) t, a constant
state (h2, u2), a bore at S t. In that window Ritter's h is exact for both; this script solves
Stoker's state (h2, u2, S) by bisection and writes Ritter's h at the positions of points.csv
that lie in the fan, at least MARGIN from its ends:
    python3 ritter.py DIR G   # rewrites DIR/h.csv and DIR/states.txt
validation/ritter: `ritter.py validation/ritter/data 9.81`.
"""
import csv
import math
import os
import sys

H0, H1, X0, T = 1.0, 0.01, 10.0, 1.0   # upstream depth, downstream layer, dam, time (m, m, m, s)
MARGIN = 0.5                          # m (10 cells) from the fan's head and tail


def stoker(g):
    """h2, u2, S of the wet-bed dam break (the shock: mass and momentum across the bore)."""
    c0 = math.sqrt(g * H0)

    def residual(h2):
        u2 = 2 * (c0 - math.sqrt(g * h2))
        s = u2 * h2 / (h2 - H1)
        return u2 * s * H1 - g / 2 * (h2 * h2 - H1 * H1)

    lo, hi = H1 * (1 + 1e-12), H0
    for _ in range(200):
        mid = (lo + hi) / 2
        if residual(lo) * residual(mid) <= 0:
            hi = mid
        else:
            lo = mid
    h2 = (lo + hi) / 2
    u2 = 2 * (c0 - math.sqrt(g * h2))
    return h2, u2, u2 * h2 / (h2 - H1)


def main():
    out, g = sys.argv[1], float(sys.argv[2])
    c0 = math.sqrt(g * H0)
    h2, u2, s = stoker(g)
    c2 = math.sqrt(g * h2)
    head, tail = X0 - c0 * T, X0 + (u2 - c2) * T
    with open(os.path.join(out, "points.csv")) as f:
        xs = [float(r["x"]) for r in csv.DictReader(f)]
    with open(os.path.join(out, "h.csv"), "w") as f:
        f.write("x,h\n")
        for x in xs:
            if head + MARGIN <= x <= tail - MARGIN:
                f.write("%.4f,%.6f\n" % (x, (2 * c0 - (x - X0) / T) ** 2 / (9 * g)))
    with open(os.path.join(out, "states.txt"), "w") as f:
        f.write("g %.4f m/s2, c0 %.4f m/s, t %.2f s\n" % (g, c0, T))
        f.write("fan head x = %.4f m, Stoker plateau h2 = %.4f m, u2 = %.4f m/s from x = %.4f m, bore at x = %.4f m\n"
                % (head, h2, u2, tail, X0 + s * T))
        f.write("Ritter at the dam x = X0: h = 4/9 H0 = %.4f m\n" % (4 / 9 * H0))


main()
