"""Drawing far-apart changes of one frame each on its own: the table's compositor.

Textual draws the changes of a frame inside the one rectangle that surrounds them all,
and every widget that meets that rectangle gives its lines again (from its caches,
cut and joined into the frame).  At a server's table a second of the clock changes the
title line's end and the seconds at the foot of the seat to act: one rectangle from the
top of the screen to that seat, which meets nearly every widget of the table, for two
short pieces of text.  And a widget is asked for its lines whenever its parent's area
meets that rectangle, all of its lines, even where the widget itself is far from it:
every widget directly on the screen (the title line, the banner, the keys) gave all
its lines for every key pressed in the hand.

``BandedCompositor`` splits a frame's changes into bands of lines that do not overlap
and draws each band inside its own rectangle; it asks only the widgets whose own
visible area meets that rectangle, and only for their lines inside it.  A frame then
costs what it changes.

It overrides two methods of Textual's (internal) compositor of textual 8.2.8, which
the project pins: ``render_partial_update`` and ``_get_renders``, for a frame's changes
only (a whole screen is drawn by Textual's own).  Everything is still drawn by
Textual's ``_render_chops``; what is left out is what no changed line shows.
"""

from __future__ import annotations

from collections.abc import Iterator

from textual._compositor import ChopsUpdate, Compositor
from textual.geometry import Region
from textual.strip import Strip


class BandedCompositor(Compositor):
    """Textual's compositor, drawing each band of a frame's changes in its own rectangle."""

    def render_partial_update(self) -> ChopsUpdate | None:
        bands = bands_of(self._dirty_regions)
        if len(bands) < 2:
            return super().render_partial_update()
        self._dirty_regions.clear()
        screen = self.size.region
        spans = list(self._regions_to_spans(region for band in bands for region in band))
        chops = None
        for band in bands:
            crop = Region.from_union(band).intersection(screen)
            lines = set(range(crop.y, crop.bottom))
            drawn = self._render_chops(crop, lines.__contains__)
            if chops is None:
                chops = list(drawn)
            else:
                for y in lines:
                    chops[y] = drawn[y]
        chop_ends = [cut_set[1:] for cut_set in self.cuts]
        return ChopsUpdate(chops, spans, chop_ends)

    def _get_renders(self, crop: Region | None = None) -> Iterator[tuple[Region, Region, list[Strip]]]:
        if crop is None or crop.contains_region(self.size.region):
            yield from super()._get_renders(crop)
            return
        for widget, (region, clip) in self.visible_widgets.items():
            visible = region.intersection(clip)
            if not crop.overlaps(visible):
                continue  # nothing of it is in the changed lines
            top, bottom = max(visible.y, crop.y), min(visible.bottom, crop.bottom)
            lines = Region(visible.x, top, visible.width, bottom - top)
            yield lines, lines, widget.render_lines(lines.translate(-region.offset))


def bands_of(regions) -> list[list[Region]]:
    """``regions`` in groups whose lines overlap, or touch, within a group and never
    across groups, from the top of the screen down."""
    bands: list[list[Region]] = []
    bottom = None
    for region in sorted(regions, key=lambda region: region.y):
        if bottom is not None and region.y <= bottom:
            bands[-1].append(region)
            bottom = max(bottom, region.bottom)
        else:
            bands.append([region])
            bottom = region.bottom
    return bands
