import { Type } from '@sinclair/typebox';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { compileSchema } from './compile-schema.js';
import { isTypeBoxFaithful } from './typebox-faithful.js';

/** What `validate` answers for `value` under `{ type: 'number', multipleOf: divisor }`: true or the messages. */
function answer(divisor: number, value: number): true | string[] {
  const compiled = compileSchema(Type.Number({ multipleOf: divisor }));
  const issues = compiled.collect(value);
  expect(compiled.check(value)).toBe(issues.length === 0);
  return issues.length === 0 ? true : issues.map((issue) => issue.message);
}

describe('multipleOf with decimals', () => {
  it('accepts decimal multiples that a float remainder would refuse, and refuses the rest with the value', () => {
    expect(0.3 % 0.01).not.toBe(0);
    expect(answer(0.01, 0.3)).toBe(true);
    expect(answer(0.01, 1.1)).toBe(true);
    expect(answer(0.01, 0.07)).toBe(true);
    expect(answer(0.01, -19.99)).toBe(true);
    expect(answer(0.1, 0.3)).toBe(true);
    expect(answer(0.01, 0.333)).toEqual(['must be a multiple of 0.01, got 0.333']);
    expect(answer(0.01, 0.015)).toEqual(['must be a multiple of 0.01, got 0.015']);
    expect(answer(0.25, 1.3)).toEqual(['must be a multiple of 0.25, got 1.3']);
  });

  it('keeps integer steps exact, with fractions, exponents and huge integers', () => {
    expect(answer(5, 10)).toBe(true);
    expect(answer(5, 7)).toEqual(['must be a multiple of 5, got 7']);
    expect(answer(5, 2.5)).toEqual(['must be a multiple of 5, got 2.5']);
    expect(answer(5, 1e21)).toBe(true);
    expect(answer(1e-7, 3e-7)).toBe(true);
    expect(answer(1e-7, 3.5e-7)).toEqual(['must be a multiple of 1e-7, got 3.5e-7']);
    expect(answer(0.5, 1e21)).toBe(true);
  });

  it('agrees with Ajv (multipleOfPrecision 9) on 10,000 and more decimals of up to 4 places', () => {
    const ajv = new Ajv2020({ multipleOfPrecision: 9 });
    const divisors = [0.01, 0.05, 0.1, 0.25, 0.001, 0.5, 2.5, 0.0001, 3];
    let random = 12345;
    const next = () => {
      random = (random * 1103515245 + 12345) % 2147483648;
      return random;
    };
    let disagreements: string[] = [];
    let accepted = 0;
    let compared = 0;
    for (const divisor of divisors) {
      const ajvCheck = ajv.compile({ type: 'number', multipleOf: divisor });
      const ourCheck = compileSchema(Type.Number({ multipleOf: divisor })).check;
      for (let index = 0; index < 2300; index += 1) {
        const places = next() % 5;
        const value = ((next() % 2000000) - 1000000) / 10 ** places;
        // Past a quotient of 1e6 the float error of value / divisor outgrows Ajv's 1e-9 tolerance.
        if (Math.abs(value / divisor) >= 1e6) continue;
        compared += 1;
        const ours = ourCheck(value);
        if (ours) accepted += 1;
        if (ours !== ajvCheck(value)) disagreements.push(`${value} / ${divisor}: ours ${ours}`);
      }
    }
    disagreements = disagreements.slice(0, 5);
    expect(disagreements).toEqual([]);
    // Both answers occur, so the comparison can fail either way.
    expect(compared).toBeGreaterThan(10000);
    expect(accepted).toBeGreaterThan(1000);
    expect(accepted).toBeLessThan(compared - 1000);
  });

  it("stays exact where Ajv's tolerance no longer holds", () => {
    const ajv = new Ajv2020({ multipleOfPrecision: 9 });
    expect(ajv.compile({ type: 'number', multipleOf: 0.001 })(82886.4)).toBe(false);
    expect(answer(0.001, 82886.4)).toBe(true);
    expect(answer(0.001, 82886.4001)).toEqual(['must be a multiple of 0.001, got 82886.4001']);
  });

  it('is not compared with TypeBox for fractional steps, whose float remainder refuses 0.3', () => {
    expect(isTypeBoxFaithful(Type.Number({ multipleOf: 0.01 }))).toBe(false);
    expect(isTypeBoxFaithful(Type.Number({ multipleOf: 5 }))).toBe(true);
  });
});
