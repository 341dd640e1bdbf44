// The public surface of @wesgine/runtime. Adding a name here makes it public API. The engine, cells, runs
// and the call pipeline arrive with the rest of the runtime issue.

export type { CycleConfig, CycleThresholds } from './cycle/cycle-config.js';
export { DEFAULT_CYCLE_CONFIG } from './cycle/cycle-config.js';
export type { CycleCall, CycleOutcome, CycleRule, CycleVerdict } from './cycle/cycle-detector.js';
export { CycleDetector, callKey } from './cycle/cycle-detector.js';
