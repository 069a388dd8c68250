"""Mapping work over processes and machines, results back in input order (issue 14)."""
