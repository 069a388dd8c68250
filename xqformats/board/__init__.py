"""Board pictures: a position drawn as SVG, and pages built from them (issue 15)."""
