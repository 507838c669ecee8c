"""The NumPy array types the simulator's modules annotate with (one place for all of them)."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

I8 = npt.NDArray[np.int8]
I16 = npt.NDArray[np.int16]
I32 = npt.NDArray[np.int32]
I64 = npt.NDArray[np.int64]
U32 = npt.NDArray[np.uint32]
U64 = npt.NDArray[np.uint64]
