import { type Declaration, splitDeclarations } from './tidy-types.js';

/** The name of the empty root type the definitions hang from; it is not part of the output. */
const ROOT = 'WesgineGeneratedRoot';

/**
 * Prints `definitions` (json-schema-to-typescript schemas by type name) as TypeScript declarations, one
 * compile for all of them, unformatted and split into declarations, the root left out. A `$ref` is never
 * resolved to a file or an address: every one left is local. A failure of json-schema-to-typescript is
 * thrown as the error `failed` makes of its message.
 */
export async function printDefinitions(
  definitions: Record<string, unknown>,
  failed: (message: string) => Error,
): Promise<Declaration[]> {
  const { compile } = await import('json-schema-to-typescript');
  let printed: string;
  try {
    printed = await compile(
      { type: 'object', properties: {}, additionalProperties: false, definitions } as never,
      ROOT,
      {
        bannerComment: '',
        format: false,
        additionalProperties: false,
        ignoreMinAndMaxItems: true,
        unreachableDefinitions: true,
        declareExternallyReferenced: true,
        strictIndexSignatures: false,
        unknownAny: true,
        $refOptions: { resolve: { file: false, http: false } } as never,
      },
    );
  } catch (error) {
    throw failed(error instanceof Error ? error.message : String(error));
  }
  return splitDeclarations(printed).filter((declaration) => declaration.name !== ROOT);
}
