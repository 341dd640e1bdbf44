import { expect, it } from 'vitest';
import * as mcp from './index.js';

it('exports only the public names of @wesgine/runtime/mcp', () => {
  expect(Object.keys(mcp).sort()).toEqual(['CODE_META_KEY', 'MCP_HUMAN_TIMEOUT_MS', 'serveMcp']);
});
