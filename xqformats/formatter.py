"""The canonical layout of a record (`xqformats format`) (issue 13)."""
