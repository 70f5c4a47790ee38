#!/usr/bin/env python3
"""Writes blockMeshDict: a 2-D O-grid around a cylinder of diameter 1 at the origin, in a
rectangle x in [-10, 25], y in [-10, 10] (12 blocks). Run: python3 gen_mesh.py > blockMeshDict"""
import math

r, a = 0.5, 2.0                  # cylinder radius, half-width of the square around the ring
X0, X1, Y = -10.0, 25.0, 10.0    # outer rectangle
nt, nr = 24, 32                  # cells per ring quarter (around, radial)
nu, nd, ny = 20, 60, 20          # upstream, downstream, lateral cells
gr, gu, gd, gy = 8, 0.2, 6, 5    # gradings: ring (outer/inner), upstream, downstream, lateral
z = 0.5

c = math.sqrt(0.5)
pts = [(-r*c, -r*c), (r*c, -r*c), (r*c, r*c), (-r*c, r*c),      # 0-3 on the circle
       (-a, -a), (a, -a), (a, a), (-a, a),                      # 4-7 square
       (X0, -Y), (-a, -Y), (a, -Y), (X1, -Y),                   # 8-11 bottom
       (X0, -a), (X1, -a), (X0, a), (X1, a),                    # 12-15 sides
       (X0, Y), (-a, Y), (a, Y), (X1, Y)]                       # 16-19 top
n = len(pts)
out = ["FoamFile\n{\n    version     2.0;\n    format      ascii;\n    class       dictionary;\n    object      blockMeshDict;\n}\n",
       "// Cylinder of diameter 1 in a 35 x 20 channel-free domain: O-grid ring of 4 blocks to the",
       "// square |x|,|y| <= 2, 8 blocks outside. Written by gen_mesh.py.\n",
       "scale 1;\n", "vertices\n("]
for zz in (-z, z):
    for x, y in pts:
        out.append(f"    ({x:.9g} {y:.9g} {zz:g})")
out.append(");\n")

def hexb(v, cells, grading):
    ids = " ".join(str(i) for i in v) + " " + " ".join(str(i + n) for i in v)
    return f"    hex ({ids}) ({cells[0]} {cells[1]} 1) simpleGrading ({grading[0]} {grading[1]} 1)"

blocks = [
    # ring: local x along the circle, local y outwards
    hexb((1, 0, 4, 5), (nt, nr), (1, gr)),     # bottom
    hexb((2, 1, 5, 6), (nt, nr), (1, gr)),     # right
    hexb((3, 2, 6, 7), (nt, nr), (1, gr)),     # top
    hexb((0, 3, 7, 4), (nt, nr), (1, gr)),     # left
    # outside
    hexb((8, 9, 4, 12), (nu, ny), (gu, 1/gy)),
    hexb((9, 10, 5, 4), (nt, ny), (1, 1/gy)),
    hexb((10, 11, 13, 5), (nd, ny), (gd, 1/gy)),
    hexb((12, 4, 7, 14), (nu, nt), (gu, 1)),
    hexb((5, 13, 15, 6), (nd, nt), (gd, 1)),
    hexb((14, 7, 17, 16), (nu, ny), (gu, gy)),
    hexb((7, 6, 18, 17), (nt, ny), (1, gy)),
    hexb((6, 15, 19, 18), (nd, ny), (gd, gy)),
]
out.append("blocks\n(")
out += blocks
out.append(");\n")
out.append("edges\n(")
for (i, j, ang) in ((0, 1, -90), (1, 2, 0), (2, 3, 90), (3, 0, 180)):
    for off in (0, n):
        mx, my = r*math.cos(math.radians(ang)), r*math.sin(math.radians(ang))
        out.append(f"    arc {i+off} {j+off} ({mx:.9g} {my:.9g} {-z if off == 0 else z:g})")
out.append(");\n")
def face(a_, b_):  # a face from an edge a_-b_ of the z = -0.5 plane
    return f"({a_} {b_} {b_+n} {a_+n})"
out.append("boundary\n(")
out.append("    cylinder { type wall; faces (" + " ".join(face(i, j) for i, j in ((0, 1), (1, 2), (2, 3), (3, 0))) + "); }")
out.append("    inlet { type patch; faces (" + " ".join(face(i, j) for i, j in ((8, 12), (12, 14), (14, 16))) + "); }")
out.append("    outlet { type patch; faces (" + " ".join(face(i, j) for i, j in ((11, 13), (13, 15), (15, 19))) + "); }")
out.append("    sides { type patch; faces (" + " ".join(face(i, j) for i, j in ((8, 9), (9, 10), (10, 11), (16, 17), (17, 18), (18, 19))) + "); }")
out.append("    frontAndBack { type empty; faces (")
quads = [(1, 0, 4, 5), (2, 1, 5, 6), (3, 2, 6, 7), (0, 3, 7, 4), (8, 9, 4, 12), (9, 10, 5, 4), (10, 11, 13, 5),
         (12, 4, 7, 14), (5, 13, 15, 6), (14, 7, 17, 16), (7, 6, 18, 17), (6, 15, 19, 18)]
for q in quads:
    out.append(f"        ({q[3]} {q[2]} {q[1]} {q[0]}) ({q[0]+n} {q[1]+n} {q[2]+n} {q[3]+n})")
out.append("    ); }")
out.append(");\n")
print("\n".join(out))
