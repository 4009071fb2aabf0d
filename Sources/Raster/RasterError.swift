// Raster: the error a malformed plan throws from `CPUExecutor`. Plans are
// checked by `RenderPlan.validate` (Plan), shared by every executor;
// this name stays for code written against the CPU executor.

import Plan

/// An error in a render plan given to `CPUExecutor` (see `PlanError`).
public typealias RasterError = PlanError
