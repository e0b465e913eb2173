"""The median time, in ms, of a TCP connect to HOST PORT (one round trip): what the test bed's
links delay, as the hosts see it.

    python3 Benchmarks/hosts/round-trip.py HOST PORT"""

import socket
import statistics
import sys
import time

host, port = sys.argv[1], int(sys.argv[2])
times = []
for _ in range(9):
    start = time.perf_counter()
    with socket.create_connection((host, port), timeout=5):
        times.append((time.perf_counter() - start) * 1000)
print(f"{statistics.median(times):.2f}")
