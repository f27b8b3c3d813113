"""Turn the engine's explanation steps into teachable text and tables (no Streamlit)."""
