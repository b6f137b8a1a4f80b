"""The columns of a dealer distribution and the array types of the exact analysis.

Apart from `dealer_hands` so that the numba kernels (`kernels.py`) read these constants from a
module that imports nothing: the ahead-of-time build of the kernels is named after the digest
of its sources (`kernel_loader.SOURCES`), and this file is one of them.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

# Columns of a dealer distribution: final totals 17-21, bust, Blackjack.
TOTALS = (17, 18, 19, 20, 21)
BUST = 5
BLACKJACK = 6
EXACTLY_22 = 7  # part of BUST; counted only for Blackjack Switch (633a.12(a)(5)(v))
OUTCOMES = 8
MAX_CARDS = 13  # enough for any dealer hand (A A A A 2 2 2 2 3 ... stops well before)
