"""The classroom notebooks' helpers (the notebooks themselves are the .ipynb files here)."""
