import { defineProject, mergeConfig } from 'vitest/config';
import shared from '../../vitest.shared.js';

// No type tests (`*.test-d.ts`) here: `tsc -p tsconfig.json` checks the package, so vitest skips its own
// tsc run and the end-to-end tests keep to their time budget.
export default mergeConfig(shared, defineProject({ test: { name: 'adapter-email', typecheck: { enabled: false } } }));
