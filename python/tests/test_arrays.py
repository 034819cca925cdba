import math
import unittest

import numpy as np

from tests import support

import candela
from candela import _arrays


def codes(n=300, seed=0):
    rng = np.random.default_rng(seed)
    f = np.column_stack([rng.integers(0, 3, n), rng.integers(0, 4, n)])
    z = np.column_stack([f[:, 0] + 0.2 * rng.normal(size=n), f[:, 1] + 0.2 * rng.normal(size=n),
                         rng.normal(size=n)])
    return f, z


class ConversionTest(unittest.TestCase):
    def test_integer_float_and_bool_dtypes_become_the_same_table(self):
        f, z = codes()
        for dt in (np.int8, np.uint8, np.int16, np.uint32, np.int64):
            a, _ = _arrays.factors(f.astype(dt))
            self.assertEqual(np.int64, a.dtype)
            np.testing.assert_array_equal(f, a)
        b, _ = _arrays.factors(f > 1)
        np.testing.assert_array_equal((f > 1).astype(np.int64), b)
        for dt in (np.float16, np.float32, np.float64, np.int32):
            a, _ = _arrays.latents(z.astype(dt))
            self.assertEqual(np.float64, a.dtype)
            np.testing.assert_array_equal(z.astype(dt).astype(np.float64), a)

    def test_one_column_becomes_two_dimensional(self):
        a, _ = _arrays.latents(np.arange(5.0))
        self.assertEqual((5, 1), a.shape)

    @support.needs_torch
    def test_torch_tensors(self):
        import torch
        f, z = codes()
        a, _ = _arrays.latents(torch.tensor(z, dtype=torch.float32, requires_grad=True))
        np.testing.assert_array_equal(z.astype(np.float32).astype(np.float64), a)
        b, _ = _arrays.factors(torch.tensor(f))
        np.testing.assert_array_equal(f, b)

    def test_pandas_columns_are_names(self):
        try:
            import pandas as pd
        except ImportError:
            self.skipTest("needs pandas")
        f, z = codes()
        a, names = _arrays.factors(pd.DataFrame(f, columns=["shape", "size"]))
        self.assertEqual(["shape", "size"], names)
        _, names = _arrays.latents(pd.Series(z[:, 0], name="z_a"))
        self.assertEqual(["z_a"], names)
        r = candela.score_codes(pd.DataFrame(f, columns=["shape", "size"]), z, metrics=["mig"],
                                replicates=0)
        self.assertEqual(["shape", "size"], r.details["columns"]["factors"])

    def test_same_scores_whatever_the_dtype(self):
        f, z = codes()
        ref = candela.score_codes(f, z, metrics=["mig", "irs"], replicates=0)
        other = candela.score_codes(f.astype(np.uint8), z.astype(np.float32).astype(np.float64),
                                    metrics=["mig", "irs"], replicates=0)
        small = candela.score_codes(f.astype(np.int16), z, metrics=["mig", "irs"], replicates=0)
        self.assertEqual(ref.scores, small.scores)
        self.assertEqual(set(ref.scores), set(other.scores))


class BadInputTest(unittest.TestCase):
    def test_nan_and_infinity_name_the_argument_and_the_first_cell(self):
        f, z = codes()
        z = z.copy()
        z[7, 2] = np.nan
        z[9, 0] = np.inf
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(f, z)
        self.assertEqual("latents: 2 NaN or infinite values (first at row 7, column 2: nan)",
                         c.exception.message)
        g = f.astype(float)
        g[3, 1] = -np.inf
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(g, codes()[1])
        self.assertEqual("factors: 1 NaN or infinite values (first at row 3, column 1: -inf)",
                         c.exception.message)

    def test_wrong_shapes_name_the_argument_and_the_shape(self):
        f, z = codes()
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(f, z.reshape(3, 100, 3))
        self.assertEqual("latents: want a 2-D array (rows = samples, columns = latents), got"
                         " shape [3, 100, 3]", c.exception.message)
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(np.array(5), z)
        self.assertEqual("factors: want a 2-D array (rows = samples, columns = factors), got"
                         " shape []", c.exception.message)
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(f[:1], z[:1])
        self.assertEqual("factors: want at least 2 rows and 1 column, got shape [1, 2]",
                         c.exception.message)

    def test_text_latents_are_refused(self):
        f, _ = codes()
        with self.assertRaises(candela.CandelaError) as c:
            candela.score_codes(f, np.array([["a"], ["b"]] * 150))
        self.assertEqual("latents: want numbers, got an array of dtype <U1", c.exception.message)

    def test_math_nan_is_reported_as_nan(self):
        with self.assertRaises(candela.CandelaError) as c:
            _arrays.latents([[1.0], [math.nan]])
        self.assertIn("row 1, column 0: nan", c.exception.message)


if __name__ == "__main__":
    unittest.main()
