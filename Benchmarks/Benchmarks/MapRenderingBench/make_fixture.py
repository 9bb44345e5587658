#!/usr/bin/env python3
"""Writes monaco-roads.txt, the map benchmark's input, from the peer harness's own data and code.

Roads: every highway=* way of ../shared/data/osm/monaco.osm.gz (the extract shared/peers/mapscii_frame.py
draws), with its highway class. Route: the peer's seeded 2,000-point random walk over the roads' bounding box
(mapscii_frame.random_walk_route, seed 20240611), so both renderers draw the same route. Polylines are
Google-encoded at precision 6 (about 0.1 m).

Run from anywhere: python3 Benchmarks/Benchmarks/MapRenderingBench/make_fixture.py
"""
import gzip
import os
import random
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "..", "shared"))
sys.path.insert(0, os.path.join(SHARED, "peers"))
import mapscii_frame  # noqa: E402  (only its pure functions: no mapscii-py needed)


def encode(points, precision=6):
    factor = 10 ** precision
    out, last_lat, last_lon = [], 0, 0
    for lat, lon in points:
        ilat, ilon = round(lat * factor), round(lon * factor)
        for delta in (ilat - last_lat, ilon - last_lon):
            value = ~(delta << 1) if delta < 0 else delta << 1
            while value >= 0x20:
                out.append(chr((0x20 | (value & 0x1F)) + 63))
                value >>= 5
            out.append(chr(value + 63))
        last_lat, last_lon = ilat, ilon
    return "".join(out)


def highways(path):
    nodes, ways = {}, []
    with gzip.open(path, "rb") as stream:
        for _event, element in ET.iterparse(stream, events=("end",)):
            if element.tag == "node":
                nodes[element.get("id")] = (float(element.get("lat")), float(element.get("lon")))
                element.clear()
            elif element.tag == "way":
                kind = next((c.get("v") for c in element if c.tag == "tag" and c.get("k") == "highway"), None)
                if kind is not None:
                    line = [nodes[c.get("ref")] for c in element if c.tag == "nd" and c.get("ref") in nodes]
                    if len(line) >= 2:
                        ways.append((kind, line))
                element.clear()
            elif element.tag == "relation":
                element.clear()
    return ways


def main():
    osm = os.path.join(SHARED, "data", "osm", "monaco.osm.gz")
    ways = highways(osm)
    lats = [lat for _, way in ways for lat, _ in way]
    lons = [lon for _, way in ways for _, lon in way]
    box = (min(lats), max(lats), min(lons), max(lons))
    route = mapscii_frame.random_walk_route(random.Random(20240611), 2000, *box)
    with open(os.path.join(HERE, "monaco-roads.txt"), "w", encoding="utf-8") as out:
        out.write("# Monaco highway ways and the peer's 2,000-point route, for MapRenderingBench.\n")
        out.write("# Road data © OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright).\n")
        out.write("# Made by make_fixture.py from shared/data/osm/monaco.osm.gz. Lines: 'road <highway> <polyline>' or\n")
        out.write("# 'route <polyline>', Google-encoded at precision 6.\n")
        out.write("bounds %.7f %.7f %.7f %.7f\n" % box)
        for kind, way in ways:
            out.write("road %s %s\n" % (kind, encode(way)))
        out.write("route %s\n" % encode(route))
    print("%d roads, %d route points" % (len(ways), len(route)))


if __name__ == "__main__":
    main()
