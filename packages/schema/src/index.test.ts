import { describe, expect, it } from 'vitest';
import * as schema from './index.js';

describe('@wesgine/schema public surface', () => {
  it('exports exactly these runtime names (adding one makes it public API)', () => {
    expect(Object.keys(schema).sort()).toMatchInlineSnapshot(`
      [
        "COMMAND_KEYWORD",
        "Command",
        "DIALECT_NAMES",
        "EXTENSION_KEYWORDS",
        "FORMAT_CHECKS",
        "JSON_SCHEMA_DRAFT",
        "MAX_ARGUMENT_DEPTH",
        "MAX_ARGUMENT_VALUES",
        "PATH_KEYWORD",
        "Path",
        "STRICT_MODE_DIALECTS",
        "TOOL_ERROR_WIRE",
        "TOOL_NAME_PATTERN",
        "ToolDefinitionError",
        "ToolError",
        "Type",
        "URL_KEYWORD",
        "Url",
        "closeNames",
        "compileValidator",
        "declaredCategory",
        "defineTool",
        "defineToolPack",
        "describeTool",
        "exportTool",
        "exportToolAllDialects",
        "exportTools",
        "findMarkedParameters",
        "formatIssues",
        "isDialectName",
        "isToolDefinition",
        "isToolErrorCode",
        "isToolPack",
        "mapToolNames",
        "mergeToolPacks",
        "providerToolName",
        "readArguments",
        "registerFormats",
        "resolveCategory",
        "toJsonSchema",
        "toJsonSchemaTool",
        "toToolError",
        "toolDescriptionsText",
        "toolNameProblem",
        "validate",
        "valuesAt",
      ]
    `);
  });
});
