import { expect, it } from 'vitest';
import * as plugin from './index.js';

it('exports only the public names of @wesgine/runtime/plugin', () => {
  expect(Object.keys(plugin).sort()).toEqual(['servePlugin']);
});
