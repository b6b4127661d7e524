"""Tests of the screens every game shares (ramsli_tui/ui/common/)."""
