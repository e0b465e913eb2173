// CardTable's small script: see the game page.
