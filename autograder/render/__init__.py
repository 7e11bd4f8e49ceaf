"""Renderers: each turns result records into one output format."""
