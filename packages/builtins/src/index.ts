// The public surface of @wesgine/builtins. Adding a name here makes it public API.

import { defineToolPack } from '@wesgine/schema';
import { handlers, pack, tools } from '../generated/handlers.gen.js';

/** The Tier E tools, for `createEngine({ tools: builtins })`. */
export const builtins = defineToolPack({ ...pack, tools, handlers });
