// The public surface of @wesgine/runtime. The engine, cells, runs and the call pipeline arrive with the
// runtime issue.

export {};
