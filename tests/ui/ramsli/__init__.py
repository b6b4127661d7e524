"""Tests of Ramsli's face (ramsli_tui/ui/ramsli/)."""
