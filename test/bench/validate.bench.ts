// Argument validation throughput (E-performance.md §1): our `validate()` against TypeBox's compiled check
// and Ajv 8, on valid input and on invalid input with the full issue list. Run from the repo root:
//   node --expose-gc --import tsx test/bench/validate.bench.ts

import { readFileSync } from 'node:fs';
import { type TObject, Type } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Ajv } from 'ajv';
import formats from 'ajv-formats';
import { defineTool } from '../../packages/schema/src/tool/define-tool.js';
import { compileValidator } from '../../packages/schema/src/validate/compile-validator.js';
import { validate } from '../../packages/schema/src/validate/validate.js';
import { type Case, compare, keep, type Summary, table } from './_measure.js';

const INPUTS = 16;
const RUNS = 7;
const SAMPLE_MS = 200;

const read = Type.Object({
  path: Type.String(),
  offset: Type.Optional(Type.Integer({ minimum: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_000 })),
});

const edit = Type.Object({
  path: Type.String(),
  edits: Type.Array(
    Type.Object({ old_string: Type.String(), new_string: Type.String(), replace_all: Type.Optional(Type.Boolean()) }),
    { minItems: 1 },
  ),
});

// Larger: nested objects, enums, string limits, a format, a tagged union, additionalProperties: false.
const issue = Type.Object(
  {
    repo: Type.Object({ owner: Type.String({ minLength: 1 }), name: Type.String({ minLength: 1, maxLength: 100 }) }),
    query: Type.Object({
      text: Type.String({ maxLength: 256 }),
      state: Type.Union([Type.Literal('open'), Type.Literal('closed'), Type.Literal('all')]),
      labels: Type.Optional(Type.Array(Type.String(), { maxItems: 10, uniqueItems: true })),
      since: Type.Optional(Type.String({ format: 'date-time' })),
    }),
    page: Type.Optional(
      Type.Object({ size: Type.Integer({ minimum: 1, maximum: 100 }), cursor: Type.Optional(Type.String()) }),
    ),
    action: Type.Union([
      Type.Object({ kind: Type.Literal('comment'), body: Type.String({ minLength: 1 }) }),
      Type.Object({
        kind: Type.Literal('label'),
        add: Type.Array(Type.String()),
        remove: Type.Optional(Type.Array(Type.String())),
      }),
      Type.Object({
        kind: Type.Literal('close'),
        reason: Type.Union([Type.Literal('completed'), Type.Literal('not_planned')]),
      }),
    ]),
  },
  { additionalProperties: false },
);

const text = (seed: number) => `${'const value = compute(input);\n'.repeat(4)}// ${seed}`.padEnd(130, '.');

function inputs(make: (index: number) => unknown): unknown[] {
  return Array.from({ length: INPUTS }, (_, index) => JSON.parse(JSON.stringify(make(index))));
}

const schemas: { name: string; schema: TObject; valid: unknown[]; invalid: unknown[]; note: string }[] = [
  {
    name: 'read',
    schema: read,
    valid: inputs((i) => ({ path: `/src/file-${i}.ts`, offset: i * 10, limit: 100 + i })),
    invalid: inputs(() => ({ path: 42, offset: -1, limit: 0 })),
    note: '3 issues: path type, offset minimum, limit minimum',
  },
  {
    name: 'edit (5 edits)',
    schema: edit,
    valid: inputs((i) => ({
      path: `/src/file-${i}.ts`,
      edits: Array.from({ length: 5 }, (_, j) => ({
        old_string: text(i * 5 + j),
        new_string: text(j),
        replace_all: j === 0,
      })),
    })),
    invalid: inputs((i) => ({
      path: `/src/file-${i}.ts`,
      edits: [
        { old_string: text(1), new_string: text(2) },
        { old_string: text(3) },
        { old_string: text(4), new_string: text(5), replace_all: 'yes' },
        { old_string: 5, new_string: text(6) },
        { old_string: text(7), new_string: text(8) },
      ],
    })),
    note: '3 issues: a missing new_string, replace_all "yes", old_string 5',
  },
  {
    name: 'issue (nested, enums, union)',
    schema: issue,
    valid: inputs((i) => ({
      repo: { owner: 'wesgine', name: `tools-${i}` },
      query: {
        text: `crash when saving file ${i}`,
        state: 'open',
        labels: ['bug', `p${i % 3}`],
        since: '2024-05-01T13:45:00Z',
      },
      page: { size: 20, cursor: `c${i}` },
      action: i % 2 === 0 ? { kind: 'comment', body: 'Looking into it.' } : { kind: 'label', add: ['triage'] },
    })),
    invalid: inputs((i) => ({
      repo: { owner: '', name: `tools-${i}` },
      query: { text: 'crash', state: 'pending', labels: ['bug', 'bug'], since: 'yesterday' },
      page: { size: 0 },
      action: { kind: 'close', reason: 'duplicate' },
      extra: true,
    })),
    note: '7 issues: owner too short, state enum, duplicate labels, since format, size minimum, reason enum, extra property',
  },
];

// ajv-formats is CommonJS: under NodeNext its default import is the module object; `default` is the plugin.
const addFormats = formats.default;
const ajv = new Ajv({ allErrors: false });
const ajvAll = new Ajv({ allErrors: true });
addFormats(ajv);
addFormats(ajvAll);

// One generated loop per case, so each call site stays monomorphic; each call validates all 16 inputs.
function loop(name: string, fn: (value: unknown) => unknown, values: unknown[]): () => unknown {
  const source = `return function ${name}() { let result; for (let i = 0; i < values.length; i++) result = fn(values[i]); return result; }`;
  return new Function('fn', 'values', source)(fn, values) as () => unknown;
}

// Other processes share this 2-core machine. Before each schema, wait (at most 60 s) for a second in which
// less than 15 % of the CPU is busy, and say in the output how busy it was. Linux only; elsewhere, no wait.
function cpuBusy(): number | undefined {
  const sample = () => {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { idle, total: fields.reduce((sum, value) => sum + value, 0) };
  };
  try {
    const before = sample();
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000); // sleep 1 s without using the CPU
    const after = sample();
    const total = after.total - before.total;
    return total > 0 ? 1 - (after.idle - before.idle) / total : undefined;
  } catch {
    return undefined;
  }
}

function waitForQuiet(): string {
  const deadline = Date.now() + 60_000;
  let busy = cpuBusy();
  while (busy !== undefined && busy > 0.15 && Date.now() < deadline) busy = cpuBusy();
  return busy === undefined ? 'CPU load unknown' : `CPU ${(busy * 100).toFixed(0)} % busy before the run`;
}

function perInput(rows: Summary[]): Summary[] {
  return rows.map((row) => ({ ...row, median: row.median * INPUTS, min: row.min * INPUTS, max: row.max * INPUTS }));
}

const verdicts: string[] = [];
let caseNumber = 0;

for (const { name, schema, valid, invalid, note } of schemas) {
  const tool = defineTool({ name: `bench_${caseNumber}`, description: 'Benchmark tool.', parameters: schema });
  const json = JSON.parse(JSON.stringify(schema));
  const typeCheck = TypeCompiler.Compile(schema);
  const ajvValidate = ajv.compile(json);
  const ajvAllValidate = ajvAll.compile(json);
  const validator = compileValidator(schema);

  // Sanity: all validators agree on every input. This also shows each of them the same inputs before timing
  // (the shapes an optimised check has seen change its speed, so none may see more than another).
  for (const value of [...valid, ...invalid]) {
    const expected = valid.includes(value);
    const answers = [validate(tool, value).ok, validator.check(value), typeCheck.Check(value), ajvValidate(value)];
    if (answers.some((answer) => answer !== expected)) throw new Error(`${name}: validators disagree`);
  }
  const result = validate(tool, invalid[0]);
  if (result.ok || ajvAllValidate(invalid[0])) throw new Error(`${name}: invalid input accepted`);
  const ajvCount = ajvAllValidate.errors?.length ?? 0;
  const typeBoxCount = [...typeCheck.Errors(invalid[0])].length;

  const id = () => `case_${caseNumber++}`;
  const validCases: Case[] = [
    { name: 'ours: validate(tool, args)', run: loop(id(), (value) => validate(tool, value), valid) },
    {
      name: `ours: compileValidator(schema).check (${validator.checkedBy})`,
      run: loop(id(), (value) => validator.check(value), valid),
    },
    { name: 'TypeBox TypeCompiler.Check', run: loop(id(), (value) => typeCheck.Check(value), valid) },
    { name: 'Ajv compiled (allErrors: false)', run: loop(id(), (value) => ajvValidate(value), valid) },
  ];
  const invalidCases: Case[] = [
    { name: 'ours: validate(tool, args) with issues', run: loop(id(), (value) => validate(tool, value), invalid) },
    {
      name: 'TypeBox Check + [...Errors()]',
      run: loop(id(), (value) => (typeCheck.Check(value) ? [] : [...typeCheck.Errors(value)]), invalid),
    },
    {
      name: 'Ajv allErrors: validate + .errors',
      run: loop(id(), (value) => (ajvAllValidate(value) ? [] : ajvAllValidate.errors), invalid),
    },
  ];
  const load = waitForQuiet();
  globalThis.gc?.();
  const validRows = perInput(compare(validCases, RUNS, SAMPLE_MS));
  globalThis.gc?.();
  const invalidRows = perInput(compare(invalidCases, RUNS, SAMPLE_MS));
  console.log(table(`${name}: valid input (${load})`, 'ops/s', validRows, 'Ajv compiled (allErrors: false)'));
  console.log(
    table(
      `${name}: invalid input, full issue list (${note}; ours ${result.issues.length}, Ajv ${ajvCount}, TypeBox ${typeBoxCount})`,
      'ops/s',
      invalidRows,
      'Ajv allErrors: validate + .errors',
    ),
  );
  const ratio = (rows: Summary[], ours: string, anchor: string) =>
    (rows.find((row) => row.name === ours)?.median ?? 0) / (rows.find((row) => row.name === anchor)?.median ?? 1);
  const validRatio = ratio(validRows, 'ours: validate(tool, args)', 'Ajv compiled (allErrors: false)');
  const checkRatio = ratio(
    validRows,
    `ours: compileValidator(schema).check (${validator.checkedBy})`,
    'Ajv compiled (allErrors: false)',
  );
  const invalidRatio = ratio(
    invalidRows,
    'ours: validate(tool, args) with issues',
    'Ajv allErrors: validate + .errors',
  );
  verdicts.push(
    `- ${name}: valid ${validRatio.toFixed(2)}x Ajv via validate() (${checkRatio.toFixed(2)}x via .check), goal >= 3x: ${validRatio >= 3 ? 'met' : 'MISSED'}; ` +
      `invalid ${invalidRatio.toFixed(2)}x Ajv allErrors, goal >= 1x: ${invalidRatio >= 1 ? 'met' : 'MISSED'}`,
  );
}

console.log('### Verdict\n');
console.log(verdicts.join('\n'));
keep();
