// The public surface of @wesgine/codegen. Adding a name here makes it public API.

export { checkHandlers } from './check/handler-check.js';
export type { CheckProblem, CheckProblemKind, CheckReport } from './check.js';
export { check } from './check.js';
export type { CodegenProblem } from './errors.js';
export { CodegenError } from './errors.js';
export { findPacks } from './find-packs.js';
export type { Generator } from './generate/banner.js';
export { bannerText } from './generate/banner.js';
export { DOCS_END, DOCS_START, spliceBetweenMarkers } from './generate/docs-markers.js';
export type { GenerateInputs } from './generate/generate-files.js';
export { defaultGenerator, generateFiles } from './generate/generate-files.js';
export type { GeneratedFile } from './generate/generated-file.js';
export type { GenerateOptions, GenerateReport } from './generate.js';
export { generate, MANAGED_PATHS } from './generate.js';
export type { ToolIdentifiers } from './load/identifiers.js';
export { toolIdentifiers } from './load/identifiers.js';
export type { LoadedPack, PackTool } from './load/load-pack.js';
export { loadPack } from './load/load-pack.js';
export { applyPlan } from './plan/apply-plan.js';
export type { WritePlan } from './plan/plan-writes.js';
export { planWrites } from './plan/plan-writes.js';
export { handlerStubs } from './stubs/handler-stub.js';
export { generatorVersion } from './version.js';
