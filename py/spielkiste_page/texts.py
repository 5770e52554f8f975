"""The page's own texts: the keys of page_data.json (built from the engine's table, which the page
never imports), formatted as spielkiste/texts.py formats them.

Fields are str.format's; a field whose spec lists forms separated by '|' picks one by the count
in that field ("{n} {n:piece|pieces}"), with the English and German rule: 1 takes the first
form. MicroPython has no string.Formatter, so the plural fields are filled first by hand and the
rest goes to str.format. Runs under MicroPython and CPython (tests)."""

LANGS = ("en", "de")
TABLE: dict = {}          # key -> [english, german], filled once from page_data.json


def load(texts: dict) -> None:
    TABLE.clear()
    TABLE.update(texts)


def count_of(value) -> int:
    """The whole number in a count, also when the page has already grouped its digits (12.345)."""
    if isinstance(value, int):
        return value
    digits = "".join(ch for ch in str(value) if ch.isdigit())
    return int(digits) if digits else 0


def plurals(text: str, args: dict) -> str:
    """`text` with every '{name:form|form}' field replaced by the form for args[name]."""
    out, i = [], 0
    while True:
        start = text.find("{", i)
        if start < 0:
            break
        if text.startswith("{{", start):
            out.append(text[i:start + 2])
            i = start + 2
            continue
        end = text.find("}", start)
        if end < 0:
            break
        name, colon, spec = text[start + 1:end].partition(":")
        if colon and "|" in spec and name in args:
            forms = spec.split("|")
            out.append(text[i:start])
            out.append(forms[min(0 if count_of(args[name]) == 1 else 1, len(forms) - 1)].replace("{", "{{")
                       .replace("}", "}}"))
        else:
            out.append(text[i:end + 1])
        i = end + 1
    out.append(text[i:])
    return "".join(out)


def t(key: str, lang: str = "en", **args) -> str:
    """The text for `key` in `lang` (English where German is missing, the key where both are);
    with `args`, its fields filled; a text whose fields do not fit stays as it is."""
    entry = TABLE.get(key)
    if entry is None:
        return key
    text = entry[1 if lang == "de" else 0] or entry[0]
    if not args:
        return text
    try:
        return plurals(text, args).format(**args)
    except (KeyError, IndexError, ValueError):
        return text


def number(n: int, lang: str) -> str:
    """An integer with the language's digit grouping (12,345 / 12.345)."""
    digits = str(abs(int(n)))
    groups: list = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    return ("-" if n < 0 else "") + ("." if lang == "de" else ",").join(groups)


def decimal(value: float, lang: str) -> str:
    """A number to one decimal, without a trailing ",0" (9.2 / 9,2; 12). Formatted, never str(): the
    page's MicroPython writes str(round(9.2, 1)) as 9.199999999999999."""
    text = "%.1f" % float(value)
    if text.endswith(".0"):
        text = text[:-2]
    return text.replace(".", ",") if lang == "de" else text


def sentence(text: str) -> str:
    """`text` ended as a sentence (a reason the worker gives has no full stop of its own), so the
    sentence after it does not run on."""
    text = text.rstrip()
    return text if not text or text[-1] in ".!?…" else text + "."


class Said:
    """A text of the table kept as its key and fields, so a bar that shows it can say it again in
    the other language after a switch (a field may be a Said too: a game's name)."""

    def __init__(self, key: str, **args):
        self.key = key
        self.args = args

    def text(self, lang: str) -> str:
        return t(self.key, lang, **{k: v.text(lang) if isinstance(v, Said) else v for k, v in self.args.items()})


def said(value, lang: str) -> str:
    """A bar's text or button label in `lang`: a Said is said in it, a plain text stays as it is."""
    return value.text(lang) if isinstance(value, Said) else value
