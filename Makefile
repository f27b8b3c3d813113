# The two commands a newcomer needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501

.PHONY: run serve test lint bench load profile clean

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.runtime: requirements.txt | $(VENV)/bin/activate
	$(PY) -m pip install --quiet -r requirements.txt
	touch $@

$(VENV)/.dev: requirements.txt requirements-dev.txt requirements-cluster.txt | $(VENV)/bin/activate
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $(VENV)/.runtime $@

run: $(VENV)/.runtime
	$(PY) -m streamlit run app.py --server.headless true --server.port $(PORT) --browser.gatherUsageStats false

# A school: PROCESSES streamlit runs (default one per core) behind nginx on SERVE_PORT; Ctrl+C stops all.
PROCESSES ?= $(shell nproc 2>/dev/null || echo 2)
SERVE_PORT ?= 8080
serve: $(VENV)/.runtime
	$(PY) -m deploy.serve --processes $(PROCESSES) --port $(SERVE_PORT)

test: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m pytest -n 2 --dist loadgroup --timeout 900 --durations=40

lint: $(VENV)/.dev
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

bench: $(VENV)/.dev
	$(PY) -m bench.table

# One session alone for 60 s, then 30 sessions watching bots for 60 s on a real server
# (about 2.5 min; not part of `make test`).
load: $(VENV)/.dev
	$(PY) -m bench.load --sessions 30 --seconds 60 --solo-seconds 60

# Where a real server's time goes: py-spy on `streamlit run` while 4 sessions watch bots (~1 min).
profile: $(VENV)/.dev
	$(PY) -m bench.profile_server --sessions 4 --seconds 40

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
