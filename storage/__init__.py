"""Local storage without Streamlit: the Tanuki Matsuri high scores (SQLite)."""
