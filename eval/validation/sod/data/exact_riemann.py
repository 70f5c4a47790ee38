#!/usr/bin/env python3
"""Exact solution of the Riemann problem for the Euler equations of a perfect gas
(Toro, Riemann Solvers and Numerical Methods for Fluid Dynamics, 3rd ed. 2009, ch. 4:
the pressure function of eq. 4.5-4.7 solved by Newton-Raphson, sampled by section 4.5).

Writes reference profiles of Sod's (1978) states, dimensional, the diaphragm at X0, seen from a
frame moving at V (the Euler equations are Galilean invariant: both states move at V), sampled at
time T_END at the x positions listed in DIR/points.csv:
    python3 exact_riemann.py DIR X0 V   # rewrites DIR/p.csv, rho.csv, u.csv and states.txt
validation/sod: `exact_riemann.py validation/sod/data 5 0`.
"""
import csv
import math
import os
import sys

R = 8314.47 / 28.9          # specific gas constant of the spec's molWeight (OpenFOAM's RR)
CP = 1005.0
G = CP / (CP - R)           # gamma of the spec's Cp and molWeight
T_END = 0.007               # sampling time, s
L = (100000.0 / (R * 348.4), 0.0, 100000.0)   # rho, u, p of the left state
RT = (10000.0 / (R * 278.7), 0.0, 10000.0)    # ... of the right state


def f_k(p, rho, pk):
    a = math.sqrt(G * pk / rho)
    if p > pk:  # shock (Toro 4.6 / 4.7)
        A, B = 2 / ((G + 1) * rho), (G - 1) / (G + 1) * pk
        q = math.sqrt(A / (p + B))
        return (p - pk) * q, q * (1 - (p - pk) / (2 * (B + p)))
    e = (G - 1) / (2 * G)  # rarefaction
    return 2 * a / (G - 1) * ((p / pk) ** e - 1), (p / pk) ** (-(G + 1) / (2 * G)) / (rho * a)


def star():
    p = 0.5 * (L[2] + RT[2])
    for _ in range(100):
        fl, dl = f_k(p, L[0], L[2])
        fr, dr = f_k(p, RT[0], RT[2])
        dp = (fl + fr + RT[1] - L[1]) / (dl + dr)
        p = max(p - dp, 1e-8)
        if abs(dp) < 1e-12 * p:
            break
    u = 0.5 * (L[1] + RT[1]) + 0.5 * (f_k(p, RT[0], RT[2])[0] - f_k(p, L[0], L[2])[0])
    return p, u


def sample(s, ps, us):
    """State at x/t = s, x from the diaphragm in the frame where both states are at rest (Toro
    section 4.5, for this problem's wave pattern: a left rarefaction, a contact, a right shock)."""
    rl, ul, pl = L
    rr, ur, pr = RT
    al, ar = math.sqrt(G * pl / rl), math.sqrt(G * pr / rr)
    if s <= us:
        head, tail = ul - al, us - al * (ps / pl) ** ((G - 1) / (2 * G))
        if s <= head:
            return L
        if s >= tail:
            return rl * (ps / pl) ** (1 / G), us, ps
        c = 2 / (G + 1) + (G - 1) / ((G + 1) * al) * (ul - s)
        return rl * c ** (2 / (G - 1)), 2 / (G + 1) * (al + (G - 1) / 2 * ul + s), pl * c ** (2 * G / (G - 1))
    shock = ur + ar * math.sqrt((G + 1) / (2 * G) * ps / pr + (G - 1) / (2 * G))
    if s >= shock:
        return RT
    q = ps / pr
    return rr * (q + (G - 1) / (G + 1)) / ((G - 1) / (G + 1) * q + 1), us, ps


def main():
    here, x0, v = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
    ps, us = star()
    with open(os.path.join(here, "points.csv")) as f:
        xs = [float(r[0]) for r in list(csv.reader(f))[1:]]
    cols = {"p": [], "rho": [], "u": []}
    for x in xs:
        rho, u, p = sample((x - x0) / T_END - v, ps, us)
        cols["p"].append(p)
        cols["rho"].append(rho)
        cols["u"].append(u + v)
    for name, vals in cols.items():
        with open(os.path.join(here, name + ".csv"), "w") as f:
            f.write("x,%s\n" % name)
            for x, val in zip(xs, vals):
                f.write("%.4f,%.6g\n" % (x, val))
    rl, _, pl = L
    rr, _, pr = RT
    al, ar = math.sqrt(G * pl / rl), math.sqrt(G * pr / rr)
    shock = ar * math.sqrt((G + 1) / (2 * G) * ps / pr + (G - 1) / (2 * G))
    tail = us - al * (ps / pl) ** ((G - 1) / (2 * G))
    with open(os.path.join(here, "states.txt"), "w") as f:
        f.write("gamma %.6f  R %.4f J/(kg K)\n" % (G, R))
        f.write("p* %.6g Pa  u* %.6g m/s\n" % (ps, us))
        f.write("rho*L %.6g  rho*R %.6g kg/m3\n" % (rl * (ps / pl) ** (1 / G),
                sample(us + 1e-9, ps, us)[0]))
        for name, sp in (("rarefaction head", -al), ("rarefaction tail", tail),
                         ("contact", us), ("shock", shock)):
            f.write("%s at x = %.4f m (t = %g s)\n" % (name, x0 + (sp + v) * T_END, T_END))


if __name__ == "__main__":
    main()
