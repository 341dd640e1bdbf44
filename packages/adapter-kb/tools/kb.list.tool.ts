import { defineTool, Path, Type } from '@wesgine/schema';

export default defineTool({
  name: 'kb.list',
  description:
    "List the documents in the cell's knowledge base, by path, each with its kind (markdown, text, html, pdf), size and modified time. Narrow with folder or prefix; page with offset.",
  parameters: Type.Object({
    folder: Type.Optional(
      Path({ access: 'read', description: 'Only documents under this folder (an indexed folder, or inside one).' }),
    ),
    prefix: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1024, description: 'Only documents whose listed path starts with this.' }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'At most this many documents. Default 200.' }),
    ),
    offset: Type.Optional(
      Type.Integer({ minimum: 0, description: 'How many documents to skip, for the next page. Default 0.' }),
    ),
  }),
  meta: { readOnly: true },
  examples: [{ args: {} }, { description: 'One folder', args: { folder: 'docs', limit: 50 } }],
});
