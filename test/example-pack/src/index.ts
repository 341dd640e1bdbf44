import { defineToolPack } from '@wesgine/schema';
import { handlers, tools } from '../generated/handlers.gen.js';

/** The notes tools: every tool under tools/ with its handler under src/handlers/. */
export default defineToolPack({ name: '@wesgine/example-pack', version: '0.1.0', tools, handlers });
