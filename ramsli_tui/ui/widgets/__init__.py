"""Widgets any card game's table uses, one module each: cards, a hand, a seat, a trick, a pot."""
