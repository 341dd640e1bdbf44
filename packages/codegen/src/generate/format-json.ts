const LINE_WIDTH = 120;

/**
 * JSON laid out the way Biome and Prettier lay out a JSON file (two spaces, objects one key per line,
 * arrays of plain values on one line when that line fits in 120 columns), so a formatter run over a
 * generated file outside `generated/` (such as `toolpack.json`) finds nothing to change.
 */
export function formatJson(value: unknown): string {
  return `${layout(value, '', 0)}\n`;
}

function layout(value: unknown, indent: string, prefixWidth: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    if (value.every(isPlain)) {
      const inline = `[${value.map((item) => JSON.stringify(item ?? null)).join(', ')}]`;
      if (prefixWidth + inline.length + 1 <= LINE_WIDTH) return inline;
    }
    const items = value.map((item) => `${inner}${layout(item ?? null, inner, inner.length)}`);
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, child]) => child !== undefined);
    if (entries.length === 0) return '{}';
    const inner = `${indent}  `;
    const lines = entries.map(([key, child]) => {
      const head = `${inner}${JSON.stringify(key)}: `;
      return `${head}${layout(child, inner, head.length)}`;
    });
    return `{\n${lines.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function isPlain(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
