import { describe, expect, it } from 'vitest';
import * as codegen from './index.js';

describe('@wesgine/codegen public surface', () => {
  it('exports exactly these runtime names (adding one makes it public API)', () => {
    expect(Object.keys(codegen).sort()).toMatchInlineSnapshot(`
      [
        "CodegenError",
        "applyPlan",
        "check",
        "findPacks",
        "generate",
        "generateDocs",
        "generateFiles",
        "generatorVersion",
        "importMcp",
        "loadPack",
        "loadToolPack",
        "planWrites",
        "updateMcpImports",
      ]
    `);
  });
});
