"""The Lab: many seeded games between bots, played in-process, on a process pool or on a Dask
cluster, summed up as pandas tables and Plotly charts. Pure Python + pandas + plotly: no
Streamlit (the page in ``ui/lab`` draws it)."""
