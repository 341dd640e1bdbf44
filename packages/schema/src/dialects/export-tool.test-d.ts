import { expectTypeOf, test } from 'vitest';
import type { DialectExport, PropertyName } from '../index.js';

test('a DialectExport lists its renamed properties, readonly, as pointer, provider and canonical names', () => {
  expectTypeOf<DialectExport['propertyNames']>().toEqualTypeOf<readonly PropertyName[]>();
  expectTypeOf<PropertyName>().toEqualTypeOf<{
    readonly pointer: string;
    readonly provider: string;
    readonly canonical: string;
  }>();
  expectTypeOf<DialectExport['decode']>().toEqualTypeOf<(args: unknown) => unknown>();
});
