import type { ToolCategory } from '../tool/tool-meta.js';

/**
 * One tool as people and models read it: every word both `GET /tools/descriptions` and `docs/tools.md`
 * show, decided once by `describeTool`. Renderers only lay these out; they add no phrase of their own.
 */
export interface ToolDescription {
  readonly name: string;
  /** Other names the tool answers to, in the order the author gave them. */
  readonly aliases: readonly string[];
  readonly category: ToolCategory;
  /** What the tool declares about itself, in words: `progress-aware`, `destructive`, `reaches the network`. */
  readonly traits: readonly string[];
  /** Its limits, in words: `times out after 30 seconds`, `output cut at 20,000 characters`. */
  readonly limits: readonly string[];
  /** The author's description, trimmed. */
  readonly description: string;
  /** Its first sentence: what an overview shows. */
  readonly summary: string;
  /** The top-level parameters, in the order the schema lists them. */
  readonly parameters: readonly ParameterDescription[];
  /** What a call returns, when the tool declares a result schema. */
  readonly result?: ValueDescription;
  readonly examples: readonly ExampleDescription[];
}

/** A value's shape in words: its type, what narrows it, and its properties when it is an object. */
export interface ValueDescription {
  /** `string`, `integer`, `array of object`, `one of "a", "b"`, `string | null`. */
  readonly type: string;
  /**
   * Every phrase that follows the type, in the order shown: the governance mark, the format, the bounds,
   * recursion and the default (`a path it reads`, `at least 1 character`, `default 10`).
   */
  readonly notes: readonly string[];
  /**
   * The properties of an object (or of the items of an array of objects, or of the forms of a union of
   * objects, each listed once), three levels deep at most.
   */
  readonly children: readonly ParameterDescription[];
}

/** One parameter (or one property of a nested object). */
export interface ParameterDescription extends ValueDescription {
  /** The property's own key. */
  readonly name: string;
  /** Where it sits in the arguments: `questions[].options[].label`. */
  readonly path: string;
  readonly required: boolean;
  /** What governance reads it as: `a path it reads`, `a path it writes`, `a shell command`, `a URL`. */
  readonly mark?: string;
  /** Bounds in plain English: `between 1 and 50`, `at most 1 item`, `matching ^[a-z]+$`, `no duplicates`. */
  readonly bounds: readonly string[];
  /** The value taken when the parameter is left out, when the schema gives one. */
  readonly default?: unknown;
  /** The values it may take, when the schema lists them (an enum or a union of constants). */
  readonly values?: readonly unknown[];
  /** The author's description on one line, or `''`. */
  readonly description: string;
}

/** A sample call. */
export interface ExampleDescription {
  readonly description?: string;
  readonly args: unknown;
}
