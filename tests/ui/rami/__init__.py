"""Tests of Rami Simple's face (ramsli_tui/ui/rami/)."""
