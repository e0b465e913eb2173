"""Synthesizes the games' sounds (issue 46) as small WAV files, with nothing but Python.

    python3 Tools/sounds/make-sounds.py

Writes into Sources/CardTableWeb/Platform/Resources/ (the files are committed with the source):
    found.wav   a Set found: two quick rising notes
    wrong.wav   a claim that is not a Set: a low falling buzz
    dealt.wav   cards dealt: three soft flicks, one a card
    match.wav   a Memorize match: three rising notes

Each is 8-bit mono at 11,025 samples a second (the tones stay far below its 5.5 kHz limit), a
few kilobytes, and the same bytes on every run (the flicks' noise has a fixed seed).
"""

import math
import pathlib
import random
import struct

RATE = 11025
OUTPUT = pathlib.Path(__file__).resolve().parents[2] / "Sources/CardTableWeb/Platform/Resources"


def note(frequency, seconds, *, volume=0.5, decay=9.0, overtone=0.25):
    """A plucked tone: a sine and its octave, fading from a 5 ms attack."""
    samples = []
    for i in range(int(seconds * RATE)):
        t = i / RATE
        envelope = min(1.0, t / 0.005) * math.exp(-decay * t)
        wave = math.sin(2 * math.pi * frequency * t) + overtone * math.sin(4 * math.pi * frequency * t)
        samples.append(volume * envelope * wave / (1 + overtone))
    return samples


def glide(start, end, seconds, *, volume=0.45):
    """A buzz falling from `start` to `end` Hz: a sine with a few odd harmonics, softly cut off."""
    samples = []
    phase = 0.0
    count = int(seconds * RATE)
    for i in range(count):
        t = i / RATE
        frequency = start + (end - start) * i / count
        phase += 2 * math.pi * frequency / RATE
        envelope = min(1.0, t / 0.01) * min(1.0, (count - i) / (0.06 * RATE))
        wave = math.sin(phase) + math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5
        samples.append(volume * envelope * wave / 1.53)
    return samples


def flick(seconds, *, volume=0.35, seed=0):
    """A card's flick: a short burst of noise, smoothed so it is a soft tick, not a hiss."""
    generator = random.Random(seed)
    samples = []
    smoothed = 0.0
    for i in range(int(seconds * RATE)):
        t = i / RATE
        smoothed += 0.45 * (generator.uniform(-1, 1) - smoothed)
        samples.append(volume * math.exp(-60 * t) * smoothed * 2)
    return samples


def layer(*parts):
    """The parts, each a (start in seconds, samples), added together: a note rings on under the next."""
    out = [0.0] * max(int(start * RATE) + len(samples) for start, samples in parts)
    for start, samples in parts:
        offset = int(start * RATE)
        for i, sample in enumerate(samples):
            out[offset + i] += sample
    return out


def faded(samples, seconds=0.02):
    """The samples with their last `seconds` faded to nothing, so the sound ends without a click."""
    count = int(seconds * RATE)
    return samples[:-count] + [sample * (count - i) / count for i, sample in enumerate(samples[-count:])]


def write(name, samples):
    path = OUTPUT / name
    data = bytes(max(0, min(255, round(128 + 127 * sample))) for sample in faded(samples))
    header = b"RIFF" + struct.pack("<I", 36 + len(data)) + b"WAVE"
    header += b"fmt " + struct.pack("<IHHIIHH", 16, 1, 1, RATE, RATE, 1, 8)
    header += b"data" + struct.pack("<I", len(data))
    path.write_bytes(header + data)
    print(f"{path.relative_to(OUTPUT.parents[3])}: {len(header) + len(data)} bytes, {len(samples) / RATE:.2f} s")


def main():
    c6, e6, g6, c7 = 1046.5, 1318.5, 1568.0, 2093.0
    write("found.wav", layer((0, note(g6, 0.25, volume=0.4)), (0.08, note(c7, 0.22, volume=0.4))))
    write("wrong.wav", glide(196.0, 147.0, 0.26))
    write("dealt.wav", layer((0, flick(0.07, seed=1)), (0.05, flick(0.07, seed=2)), (0.1, flick(0.07, seed=3))))
    write("match.wav", layer(
        (0, note(c6, 0.25, volume=0.3)), (0.07, note(e6, 0.25, volume=0.3)), (0.14, note(g6, 0.22, volume=0.35))))


if __name__ == "__main__":
    main()
