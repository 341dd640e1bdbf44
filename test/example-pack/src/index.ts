import { defineToolPack } from '@wesgine/schema';
import { handlers, pack, tools } from '../generated/handlers.gen.js';

/** The notes tools: every tool under tools/ with its handler under src/handlers/. */
export default defineToolPack({ ...pack, tools, handlers });
