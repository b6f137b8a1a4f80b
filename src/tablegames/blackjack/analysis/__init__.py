"""Exact combinatorial analysis with card removal."""
