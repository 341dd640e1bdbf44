// Equality of JSON values as JSON Schema defines it (`enum`, `const`, `uniqueItems`): numbers by value,
// arrays item by item, objects by their key sets and values whatever the key order.

export function jsonEqual(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left)) {
    if (!Array.isArray(right) || left.length !== right.length) return false;
    for (let index = 0; index < left.length; index++) if (!jsonEqual(left[index], right[index])) return false;
    return true;
  }
  if (Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  for (const key of leftKeys) {
    if (!Object.hasOwn(right, key)) return false;
    if (!jsonEqual((left as Record<string, unknown>)[key], (right as Record<string, unknown>)[key])) return false;
  }
  return true;
}

/** The indexes of two equal items (primitives are compared first), or `undefined` when all items differ. */
export function findDuplicate(items: readonly unknown[]): [number, number] | undefined {
  const primitives = items.length <= SMALL ? smallPrimitiveDuplicate(items) : primitiveDuplicate(items);
  if (primitives !== undefined) return primitives;
  for (let second = 1; second < items.length; second++) {
    const item = items[second];
    if (typeof item !== 'object' || item === null) continue;
    for (let first = 0; first < second; first++) if (jsonEqual(items[first], item)) return [first, second];
  }
  return undefined;
}

// Up to this many items, comparing every pair beats building a Map (labels, tags, ids in tool arguments).
const SMALL = 16;

// The first item equal to an earlier primitive, paired with that earlier item's first occurrence; equality
// as a Map sees it (SameValueZero), so both paths below give the same pair.
function smallPrimitiveDuplicate(items: readonly unknown[]): [number, number] | undefined {
  for (let second = 1; second < items.length; second++) {
    const item = items[second];
    if (typeof item === 'object' && item !== null) continue;
    for (let first = 0; first < second; first++) {
      const other = items[first];
      if (other === item || (Number.isNaN(other) && Number.isNaN(item))) return [first, second];
    }
  }
  return undefined;
}

function primitiveDuplicate(items: readonly unknown[]): [number, number] | undefined {
  const seen = new Map<unknown, number>();
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    if (typeof item === 'object' && item !== null) continue;
    const earlier = seen.get(item);
    if (earlier !== undefined) return [earlier, index];
    seen.set(item, index);
  }
  return undefined;
}
