import { appendPath, type Compilation, fail, type Mode, text } from './compilation.js';
import { acceptsAnything, type SchemaNode, type SchemaObject, schemaList } from './schema-node.js';

/**
 * The array keywords, for a `data` known to be an array: `prefixItems` (or TypeBox's tuple form, `items`
 * as an array with `additionalItems`), `items`, `minItems`, `maxItems`, `uniqueItems`.
 */
export function emitArray(compilation: Compilation, schema: SchemaObject, mode: Mode, data: string, path: string) {
  const lines: string[] = [];
  const { minItems, maxItems } = schema;
  if (typeof minItems === 'number' && minItems > 0) {
    const message = `${text(`must have at least ${items(minItems)}, got `)} + ${data}.length`;
    lines.push(`if (${data}.length < ${minItems}) { ${fail(mode, 'minItems', path, message)} }`);
  }
  if (typeof maxItems === 'number') {
    const message = `${text(`must have at most ${items(maxItems)}, got `)} + ${data}.length`;
    lines.push(`if (${data}.length > ${maxItems}) { ${fail(mode, 'maxItems', path, message)} }`);
  }

  const tuple = schemaList(schema, 'items');
  const prefix = schemaList(schema, 'prefixItems') ?? tuple ?? [];
  const rest = (tuple !== undefined ? schema.additionalItems : schema.items) as SchemaNode | undefined;
  const restKeyword = tuple !== undefined ? 'additionalItems' : 'items';
  prefix.forEach((child, index) => {
    const item = compilation.variable('item');
    const body = compilation.emit(child, mode, item, appendPath(path, `/${index}`));
    if (body !== '') lines.push(`if (${data}.length > ${index}) { const ${item} = ${data}[${index}]; ${body} }`);
  });
  if (rest === false) {
    const message = `${text(`must have at most ${items(prefix.length)}, got `)} + ${data}.length`;
    lines.push(`if (${data}.length > ${prefix.length}) { ${fail(mode, restKeyword, path, message)} }`);
  } else if (!acceptsAnything(rest) && rest !== undefined) {
    const index = compilation.variable('index');
    const item = compilation.variable('item');
    const body = compilation.emit(rest, mode, item, `${appendPath(path, '/')} + indexSegment(${index})`);
    lines.push(`for (let ${index} = ${prefix.length}; ${index} < ${data}.length; ${index}++) {`);
    lines.push(`const ${item} = ${data}[${index}];`, body, '}');
  }

  if (schema.uniqueItems === true) {
    const pair = compilation.variable('pair');
    const message = `"must not contain duplicates; items " + ${pair}[0] + " and " + ${pair}[1] + " are equal"`;
    lines.push(`const ${pair} = ${data}.length > 1 ? findDuplicate(${data}) : undefined;`);
    lines.push(`if (${pair} !== undefined) { ${fail(mode, 'uniqueItems', path, message)} }`);
  }
  return lines.join('\n');
}

function items(count: number): string {
  return `${count} ${count === 1 ? 'item' : 'items'}`;
}
