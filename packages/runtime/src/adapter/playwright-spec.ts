/** `CellSpec.playwright`: browser sessions a model drives step by step, one set per run. */
export type PlaywrightSpec = {};
