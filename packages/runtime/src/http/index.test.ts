import { expect, it } from 'vitest';
import * as http from './index.js';

it('exports only the public names of @wesgine/runtime/http', () => {
  expect(Object.keys(http).sort()).toEqual(['DEFAULT_BODY_LIMIT', 'HTTP_ERROR_STATUS', 'createApp', 'serve']);
});
