"""The conformance suite: cases that pin what each format means, and a runner for any decoder (issue 16)."""
