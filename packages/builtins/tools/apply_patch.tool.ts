import { defineTool, Type } from '@wesgine/schema';
import { patchPaths } from '../src/patch/patch-paths.js';

export default defineTool({
  name: 'apply_patch',
  description: [
    'Add, delete, update and move files with one patch; either every change applies or none does.',
    'Format:',
    '*** Begin Patch',
    '*** Add File: <path>        then every line of the new file, each starting with +',
    '*** Delete File: <path>',
    '*** Update File: <path>     optionally followed by *** Move to: <new path>',
    '@@ <a line just above the change, to find it>',
    ' <unchanged line>   -<removed line>   +<added line>   (about 3 unchanged lines before and after)',
    '*** End of File             (only when a change touches the last lines)',
    '*** End Patch',
    'Paths are relative to the work folder. Name each file once, and give its chunks in file order.',
    'A chunk of only + lines is added at the end of the file: to insert elsewhere, include the unchanged lines around the spot.',
    'Add File never replaces an existing file, and Move to never replaces one either.',
  ].join('\n'),
  parameters: Type.Object({
    input: Type.String({
      maxLength: 1_048_576,
      description: 'The whole patch, from *** Begin Patch to *** End Patch.',
    }),
  }),
  meta: { category: 'action', progressAware: true, destructive: true },
  pathsOf: (args) => patchPaths(args.input),
  examples: [
    {
      args: {
        input:
          '*** Begin Patch\n*** Update File: src/app.ts\n@@\n-const port = 80;\n+const port = 8080;\n*** End Patch\n',
      },
    },
  ],
});
