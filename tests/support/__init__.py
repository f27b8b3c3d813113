"""Helpers the shared tests take their fixtures from, by what the registry says."""
