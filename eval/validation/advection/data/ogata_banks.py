#!/usr/bin/env python3
"""Ogata & Banks (1961): 1-D advection-diffusion of a scalar from a held inlet value.

C(x, t) / C0 = 1/2 [ erfc((x - u t) / (2 sqrt(D t))) + exp(u x / D) erfc((x + u t) / (2 sqrt(D t))) ]
for C(x, 0) = 0, C(0, t) = C0 on x >= 0 (a semi-infinite column). Writes C at x = 0.05 ... 0.95 m
every 0.01 m:
    python3 ogata_banks.py DIR U D T   # rewrites DIR/T.csv
validation/advection: `ogata_banks.py validation/advection/data 0.1 5e-4 5`.
"""
import math
import os
import sys


def ogata_banks(x, u, d, t):
    s = 2 * math.sqrt(d * t)
    second = 0.0
    z = (x + u * t) / s
    if z < 26:  # beyond, erfc(z) exp(u x / D) < 1e-280
        second = math.exp(u * x / d + math.log(math.erfc(z)))
    return 0.5 * (math.erfc((x - u * t) / s) + second)


def main():
    out, u, d, t = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
    with open(os.path.join(out, "T.csv"), "w") as f:
        f.write("x,T\n")
        for i in range(5, 96):
            x = i / 100
            f.write("%.2f,%.6f\n" % (x, ogata_banks(x, u, d, t)))


main()
