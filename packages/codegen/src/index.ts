// The public surface of @wesgine/codegen. Adding a name here makes it public API; the CLI lives behind
// the `@wesgine/codegen/cli` subpath.

export type { CheckOptions, CheckProblem, CheckProblemKind, CheckReport } from './check.js';
export { check } from './check.js';
export type { CodegenProblem } from './errors.js';
export { CodegenError } from './errors.js';
export { findPacks } from './find-packs.js';
export type { GenerateInputs } from './generate/generate-files.js';
export { generateFiles } from './generate/generate-files.js';
export type { GeneratedFile } from './generate/generated-file.js';
export type { GenerateOptions, GenerateReport } from './generate.js';
export { generate } from './generate.js';
export { generateDocs } from './generate-docs.js';
export type { LoadedPack, PackTool } from './load/load-pack.js';
export { loadPack } from './load/load-pack.js';
export { loadToolPack } from './load/load-tool-pack.js';
export type { ImportMcpOptions, ImportMcpReport } from './mcp/import-mcp.js';
export { importMcp } from './mcp/import-mcp.js';
export type { UpdateMcpReport } from './mcp/update-mcp-imports.js';
export { updateMcpImports } from './mcp/update-mcp-imports.js';
export { applyPlan } from './plan/apply-plan.js';
export type { WritePlan } from './plan/plan-writes.js';
export { planWrites } from './plan/plan-writes.js';
export { generatorVersion } from './version.js';
