#!/usr/bin/env bash
# What computer opponents cost a server (issue 50): a release build of cardtable serves a fresh
# SQLite database pinned to CPU 0, and Benchmarks/rooms/computer-opponents.py (on CPU 1) plays
# ROOMS rooms of one person each, with three bots and without, in one sitting. Not a test: it
# prints figures.
#
#   bash Benchmarks/rooms/computer-opponents.sh      ROOMS=200 DURATION=30 ROUNDS=2 LEVEL=quick SKIP_BUILD=1
#
# Needs python3 with venv (the websockets package is installed into .venv-bench from PyPI).
exec bash "$(dirname "$0")/pinned.sh" "$(dirname "$0")/computer-opponents.py"
