#!/usr/bin/env python3
"""Writes ZoneMapData.swift: which IANA time zone every point on land keeps, as a compact
quadtree, from the time-zone boundaries of timezone-boundary-builder (© its contributors, ODbL 1.0;
see LICENSE-timezone-boundary-builder.txt), as the timezonefinder-data package (PyPI) carries them.

Run from this folder to refresh the map (about three minutes on two cores):

    python3 -m venv /tmp/zonemap && /tmp/zonemap/bin/pip install timezonefinder shapely
    /tmp/zonemap/bin/python generate-zone-map.py

The world is cut into 8,192 blocks of 2.8125 degrees (128 by 64); each block is a quadtree whose
cells are split until they lie in one zone, down to 180/2^16 degrees (about 300 m of latitude).
Water outside every zone (the oceans beyond territorial waters, which timezone-boundary-builder
gives `Etc/GMT±n` zones) is "no zone"; cells smaller than 0.09 degrees that hold one zone's land
(or territorial waters) and open water are that zone's, so coasts cost little, and a point more
than about 10 km beyond a country's waters (30 km from its coast) is at sea.

Where boundaries overlap, in disputed areas and where two clocks are kept, the larger zone wins,
which is the one the places there keep in practice: Beijing time in Xinjiang (as its airports and
railways keep it; Xinjiang time is kept unofficially), Moscow time in Abkhazia and South Ossetia,
India's in Kalapani, Sudan's in Kafia Kingi. The exception is the West Bank, whose zone of its
own (Asia/Hebron) wins over Israel's: see PREFERRED.

Format (little-endian), base64 in a Swift string literal:
  "TZM2", u8 block level (6), u8 deepest level (16), u16 zone count, the zone names (u8 length,
  UTF-8), u32 offsets of the 8,193 block boundaries into the block data, the block data.
  A block: its palette (varint count, then varint values: 0 no zone, n the zone n-1), then its
  cells in pre-order as bits, most significant first: 1 a cell split in four (south-west,
  south-east, north-west, north-east), 0 a leaf followed by its palette index in
  ceil(log2(palette count)) bits; cells of the deepest level are leaves and have no 0.
"""
import base64
import importlib.metadata
import math
import multiprocessing
import struct
import sys

import shapely
from shapely.geometry import Polygon, box
from shapely.strtree import STRtree
import timezonefinder

BLOCK_LEVEL = 6          # 2.8125-degree blocks: 128 x 64
DEEPEST = 16             # 180 / 2**16 degrees
COAST_LEVEL = 11         # below 0.09 degrees (10 km), water beside one zone is that zone's
COLUMNS, ROWS = 2 ** (BLOCK_LEVEL + 1), 2 ** BLOCK_LEVEL
BLOCK_SIZE = 180.0 / 2 ** BLOCK_LEVEL

zones = []
geometries = []
tree = None
rank = {}
# Zones drawn over part of a larger one that win where they overlap it.
PREFERRED = {"Asia/Hebron"}


def load():
    """Reads the boundaries, in the main process and in each worker (whether it is forked from
    the main process or started afresh)."""
    global zones, geometries, tree, rank
    zones, geometries = [], []
    finder = timezonefinder.TimezoneFinder()
    for name in sorted(finder.timezone_names):
        if name.startswith("Etc/") or name == "uninhabited":
            continue  # the oceans: no zone
        polygons = []
        for rings in finder.get_geometry(tz_name=name, coords_as_pairs=False):
            outer = list(zip(rings[0][0], rings[0][1]))
            holes = [list(zip(hole[0], hole[1])) for hole in rings[1:]]
            polygon = Polygon(outer, holes)
            if not polygon.is_valid:
                polygon = shapely.make_valid(polygon)
            polygons.append(polygon)
        geometry = shapely.unary_union(polygons)
        shapely.prepare(geometry)
        zones.append(name)
        geometries.append(geometry)
    tree = STRtree(geometries)
    # Candidates are tried in this order: where zones overlap, the first wins.
    order = sorted(range(len(geometries)), key=lambda i: (zones[i] not in PREFERRED, -geometries[i].area))
    rank = {index: position for position, index in enumerate(order)}


def build(rect, candidates, level):
    """A cell: ("leaf", value) or ("split", [four cells]). Values: 0 no zone, n zone n-1.

    `candidates` are the zones whose (prepared) geometry meets the cell. Geometries are never cut:
    GEOS answers "does this zone meet / cover this box" from an index of its edges, which keeps
    the whole world to minutes."""
    if not candidates:
        return ("leaf", 0)
    cell = box(*rect)
    if len(candidates) == 1 and level >= COAST_LEVEL:
        return ("leaf", candidates[0] + 1)
    for index in candidates:
        if geometries[index].contains(cell):
            return ("leaf", index + 1)
    xmin, ymin, xmax, ymax = rect
    xmid, ymid = (xmin + xmax) / 2, (ymin + ymax) / 2
    if level >= DEEPEST:
        for index in candidates:
            if shapely.contains_xy(geometries[index], xmid, ymid):
                return ("leaf", index + 1)
        center = shapely.Point(xmid, ymid)
        return ("leaf", min(candidates, key=lambda index: geometries[index].distance(center)) + 1)
    children = []
    for child in ((xmin, ymin, xmid, ymid), (xmid, ymin, xmax, ymid), (xmin, ymid, xmid, ymax), (xmid, ymid, xmax, ymax)):
        inside = box(*child)
        children.append(build(child, [index for index in candidates if meets(geometries[index], inside)], level + 1))
    if all(c[0] == "leaf" for c in children) and len({c[1] for c in children}) == 1:
        return children[0]
    return ("split", children)


def meets(geometry, cell):
    """The zone holds some of the cell's area, not only a shared edge or corner."""
    return geometry.intersects(cell) and not geometry.touches(cell)


def block(number):
    column, row = number % COLUMNS, number // COLUMNS
    rect = (-180 + column * BLOCK_SIZE, -90 + row * BLOCK_SIZE, -180 + (column + 1) * BLOCK_SIZE, -90 + (row + 1) * BLOCK_SIZE)
    cell = box(*rect)
    candidates = sorted((int(index) for index in tree.query(cell) if meets(geometries[index], cell)), key=rank.__getitem__)
    return encode(build(rect, candidates, BLOCK_LEVEL))


def numbered_block(number):
    return number, block(number)


def varint(value):
    out = bytearray()
    while True:
        byte = value & 0x7F
        value >>= 7
        out.append(byte | (0x80 if value else 0))
        if not value:
            return bytes(out)


def encode(cell):
    palette = []

    def values(c):
        if c[0] == "leaf":
            if c[1] not in palette:
                palette.append(c[1])
        else:
            for child in c[1]:
                values(child)

    values(cell)
    palette.sort()
    width = math.ceil(math.log2(len(palette))) if len(palette) > 1 else 0
    bits = []

    def write(c, level):
        if c[0] == "leaf":
            if level < DEEPEST:  # the deepest cells are all leaves: no bit says so
                bits.append(0)
            position = palette.index(c[1])
            bits.extend((position >> shift) & 1 for shift in reversed(range(width)))
        else:
            bits.append(1)
            for child in c[1]:
                write(child, level + 1)

    write(cell, BLOCK_LEVEL)
    data = bytearray(varint(len(palette)))
    for value in palette:
        data += varint(value)
    for start in range(0, len(bits), 8):
        chunk = bits[start:start + 8] + [0] * (8 - len(bits[start:start + 8]))
        data.append(int("".join(map(str, chunk)), 2))
    return bytes(data)


def main():
    load()
    count = COLUMNS * ROWS
    # --region SOUTH,WEST,NORTH,EAST maps only the blocks of a region (the rest is "no zone"):
    # quicker, for trying changes out; the committed map is the whole world.
    wanted = range(count)
    if len(sys.argv) == 3 and sys.argv[1] == "--region":
        south, west, north, east = map(float, sys.argv[2].split(","))
        wanted = [n for n in range(count)
                  if -90 + (n // COLUMNS + 1) * BLOCK_SIZE > south and -90 + (n // COLUMNS) * BLOCK_SIZE < north
                  and -180 + (n % COLUMNS + 1) * BLOCK_SIZE > west and -180 + (n % COLUMNS) * BLOCK_SIZE < east]
    blocks = [b"\x01\x00\x00"] * count  # one leaf of "no zone"
    with multiprocessing.Pool(initializer=load) as pool:
        for done, (number, data) in enumerate(pool.imap_unordered(numbered_block, wanted, chunksize=8), 1):
            blocks[number] = data
            if done % 256 == 0 or done == len(wanted):
                print(f"{done}/{len(wanted)} blocks", file=sys.stderr, flush=True)
    out = bytearray(b"TZM2")
    out += struct.pack("<BBH", BLOCK_LEVEL, DEEPEST, len(zones))
    for name in zones:
        encoded = name.encode()
        out += struct.pack("<B", len(encoded)) + encoded
    offset = 0
    for data in blocks:
        out += struct.pack("<I", offset)
        offset += len(data)
    out += struct.pack("<I", offset)
    for data in blocks:
        out += data
    version = importlib.metadata.version("timezonefinder-data")
    import timezonefinder_data
    import os
    upstream = open(os.path.join(timezonefinder_data.DATA_DIR, "data_version.txt")).read().strip()
    encoded = base64.b64encode(bytes(out)).decode()
    with open("ZoneMapData.swift", "w") as swift:
        swift.write(f"// Generated by generate-zone-map.py from timezone-boundary-builder {upstream}, as\n")
        swift.write(f"// timezonefinder-data {version} carries it (ODbL 1.0: LICENSE-timezone-boundary-builder.txt).\n")
        swift.write("// Do not edit by hand. The format is described in the generator.\n\n")
        swift.write(f'/// The timezone-boundary-builder release the map was made from.\nlet zoneMapVersion = "{upstream}"\n\n')
        swift.write("/// The map, base64 in lines of 100 characters; ``ZoneMap`` reads the bytes a look-up needs in place.\n")
        swift.write('let zoneMapBase64: StaticString = """\n')
        for start in range(0, len(encoded), 100):
            swift.write(encoded[start:start + 100] + "\n")
        swift.write('"""\n')
    print(f"{len(zones)} zones, {len(out)} bytes, {sum(1 for b in blocks if b[0] > 1)} blocks with more than one value")


if __name__ == "__main__":
    main()
