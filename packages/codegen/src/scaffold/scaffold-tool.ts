import type { ScaffoldFile } from './scaffold-pack.js';

/** A new tool definition at `tools/<name>.tool.ts`. The caller has checked the name. */
export function scaffoldTool(name: string): ScaffoldFile {
  return {
    path: `tools/${name}.tool.ts`,
    contents: [
      "import { defineTool, Type } from '@wesgine/schema';",
      '',
      'export default defineTool({',
      `  name: '${name}',`,
      "  description: 'Say what the tool does, what it returns, and when the model should call it.',",
      '  parameters: Type.Object({',
      "    query: Type.String({ description: 'Describe each parameter for the model.' }),",
      '  }),',
      '  meta: { readOnly: true },',
      '});',
      '',
    ].join('\n'),
  };
}
