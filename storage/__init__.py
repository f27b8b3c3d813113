"""The class's shared data without Streamlit: high scores and class challenges, in one database
(:mod:`storage.db`: SQLite on one machine, PostgreSQL for several)."""
