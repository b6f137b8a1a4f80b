"""Reports: HTML, charts and console tables built from the analysis. With `ui/`, the only
place that imports rich or matplotlib."""
