#!/usr/bin/env bash
# What chat costs a game (issue 51): Benchmarks/rooms/chat.py plays ROOMS Set rooms of 8 players
# each, with chat at its limit and without, in one sitting, against a release build pinned to CPU 0
# (see pinned.sh). Not a test: it prints figures.
#
#   bash Benchmarks/rooms/chat.sh      ROOMS=10 DURATION=40 ROUNDS=2 SKIP_BUILD=1
exec bash "$(dirname "$0")/pinned.sh" "$(dirname "$0")/chat.py"
