#!/usr/bin/env python3
"""Writes reference-points.tsv: random points on land, each with the zone timezonefinder (PyPI)
gives it from the same timezone-boundary-builder release the map was made from, and how far the
point is from that zone's edge, in degrees. ZoneMapTests compares the map with it; the map is
made by another program (generate-zone-map.py), so the two agreeing is evidence that the map's
encoding and its decoder are right, and the distance says where they may differ (within a cell
of the map of an edge).

    /tmp/zonemap/bin/python make-reference-points.py   # the generator's environment
"""
import math
import random

import shapely
from timezonefinder import TimezoneFinder

finder = TimezoneFinder()
generator = random.Random(20261123)
rows = []
while len(rows) < 4000:
    # Uniform on the sphere: the latitude from the sine.
    latitude = math.degrees(math.asin(generator.uniform(-1, 1)))
    longitude = generator.uniform(-180, 180)
    zone = finder.timezone_at(lat=latitude, lng=longitude)
    if zone is None or zone.startswith("Etc/") or zone == "uninhabited":
        continue
    point = shapely.Point(longitude, latitude)
    edge = min(shapely.Polygon(list(zip(*rings[0])), [list(zip(*hole)) for hole in rings[1:]]).boundary.distance(point)
               for rings in finder.get_geometry(tz_name=zone, coords_as_pairs=False))
    rows.append(f"{latitude:.5f}\t{longitude:.5f}\t{zone}\t{edge:.5f}\n")
with open("reference-points.tsv", "w") as out:
    out.write("# latitude\tlongitude\tzone (timezonefinder)\tdegrees to the zone's edge; from make-reference-points.py\n")
    out.writelines(rows)
