"""Tests of the Lab package: plans, records, facts, executors, tables, charts and the cache."""
