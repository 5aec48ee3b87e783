"""LZ-string's base64 form, the text f-puzzles links carry after ``?load=``.

LZ-string is an LZW variant over UTF-16 code units. The compressor keeps a dictionary of phrases
(numbered from 3; codes 0, 1 and 2 mean "a new 8-bit character follows", "a new 16-bit character
follows" and "end of stream") and writes each code with as many bits as the dictionary needs at
that point, least significant bit first, six bits to a base64 character.

>>> text = '{"size":4,"grid":[]}'
>>> decompress_from_base64(compress_to_base64(text)) == text
True
"""

from __future__ import annotations

from collections.abc import Iterator

ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/="
_VALUE = {ch: k for k, ch in enumerate(ALPHABET)}
_BITS = 6


def _units(text: str) -> list[str]:
    """The text as UTF-16 code units, one Python character each (as JavaScript sees it)."""
    raw = text.encode("utf-16-le", "surrogatepass")
    return [chr(int.from_bytes(raw[k : k + 2], "little")) for k in range(0, len(raw), 2)]


def _from_units(units: str) -> str:
    """The text whose UTF-16 code units are the characters of ``units`` (pairs joined)."""
    return units.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "surrogatepass")


class _BitWriter:
    """Packs bits, first bit highest, into base64 characters."""

    def __init__(self) -> None:
        self.out: list[str] = []
        self.value = 0
        self.count = 0

    def write(self, number: int, width: int) -> None:
        """Write the ``width`` low bits of ``number``, least significant first."""
        for _ in range(width):
            self.value = (self.value << 1) | (number & 1)
            number >>= 1
            self.count += 1
            if self.count == _BITS:
                self.out.append(ALPHABET[self.value])
                self.value = self.count = 0

    def finish(self) -> str:
        """Flush the last character (a whole one even when no bit is pending, as LZ-string does)
        and pad to a multiple of four."""
        self.out.append(ALPHABET[self.value << (_BITS - self.count)])
        text = "".join(self.out)
        return text + "=" * (-len(text) % 4)


def compress_to_base64(text: str) -> str:
    """LZ-string's ``compressToBase64`` of ``text``."""
    codes: dict[str, int] = {}
    fresh: set[str] = set()  # single characters not yet sent literally
    size, width, room = 3, 2, 2
    bits = _BitWriter()

    def grow() -> None:
        nonlocal room, width
        room -= 1
        if room == 0:
            room = 1 << width
            width += 1

    def emit(phrase: str) -> None:
        if phrase in fresh:
            code = ord(phrase)
            if code < 256:
                bits.write(0, width)
                bits.write(code, 8)
            else:
                bits.write(1, width)
                bits.write(code, 16)
            grow()
            fresh.discard(phrase)
        else:
            bits.write(codes[phrase], width)
        grow()

    phrase = ""
    for ch in _units(text):
        if ch not in codes:
            codes[ch] = size
            size += 1
            fresh.add(ch)
        longer = phrase + ch
        if longer in codes:
            phrase = longer
            continue
        emit(phrase)
        codes[longer] = size
        size += 1
        phrase = ch
    if phrase:
        emit(phrase)
    bits.write(2, width)
    return bits.finish()


def _bit_stream(text: str) -> Iterator[int]:
    for ch in text:
        if ch == "=":
            return
        value = _VALUE.get(ch)
        if value is None:
            raise ValueError(f"{ch!r} is not a base64 character")
        for shift in range(_BITS - 1, -1, -1):
            yield (value >> shift) & 1


#: Longest text a decompression gives: published puzzles take a few thousand characters, and a
#: few bytes of LZ text can stand for gigabytes.
LIMIT = 2_000_000


def decompress_from_base64(text: str, limit: int = LIMIT) -> str:
    """LZ-string's ``decompressFromBase64``: the text ``compress_to_base64`` was given.

    Raises ValueError for text that is not LZ-string base64, and as soon as the next phrase
    would make the text longer than ``limit`` characters (checked before it is written, so a
    short text that stands for gigabytes costs no more than ``limit``).
    """
    stream = _bit_stream(text.strip())

    def read(width: int) -> int:
        number = 0
        for k in range(width):
            bit = next(stream, None)
            if bit is None:
                raise ValueError("the compressed text ends in the middle of a code")
            number |= bit << k
        return number

    # Each phrase is its predecessor plus one unit, so keeping them as strings costs no more
    # than the text they make.
    phrases: list[str] = ["", "", ""]
    width, room = 2, 4

    def literal(kind: int) -> str:
        return chr(read(8 if kind == 0 else 16))

    kind = read(2)
    if kind == 2:
        return ""
    if kind not in (0, 1):
        raise ValueError("the compressed text does not start with a character")
    last = literal(kind)
    phrases.append(last)
    out, length = [last], 1
    width = 3
    while True:
        code = read(width)
        if code == 2:
            return _from_units("".join(out))
        if code in (0, 1):
            phrases.append(literal(code))
            code = len(phrases) - 1
            room -= 1
            if room == 0:
                room = 1 << width
                width += 1
        if code < len(phrases):
            entry = phrases[code]
        elif code == len(phrases):
            entry = last + last[:1]
        else:
            raise ValueError("the compressed text refers to an unknown phrase")
        length += len(entry)
        if length > limit:
            raise ValueError(f"the text decompresses to more than {limit} characters")
        out.append(entry)
        phrases.append(last + entry[:1])
        room -= 1
        last = entry
        if room == 0:
            room = 1 << width
            width += 1
