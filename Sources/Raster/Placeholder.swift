// Raster module (in progress).
