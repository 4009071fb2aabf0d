// Rendering: the builder module (layer tree → render plan). Re-exports the
// plan module, so code that builds plans sees the plan types it builds.

@_exported import Plan
