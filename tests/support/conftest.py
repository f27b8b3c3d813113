# The page is a Streamlit script: it runs in the app, never at import by pytest.
collect_ignore = ["pebbles_page.py"]
