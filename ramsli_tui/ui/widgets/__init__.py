"""The table's widgets, one module each."""
