import { ToolError, type ToolHandler } from '@wesgine/schema';
import type { BrowserSelectArgs } from '../../generated/types.gen.js';
import { act, elementOf, sessionStep } from '../session-step.js';

interface ListShape {
  readonly isSelect: boolean;
  readonly multiple: boolean;
  readonly options: readonly { readonly value: string; readonly label: string; readonly disabled: boolean }[];
}

/**
 * Handles `browser.select`: each value is matched against the list's options (value, then label, then
 * label ignoring case and spaces) first, so a missing option is named with the ones there are instead
 * of a wait that times out.
 */
export const browserSelect: ToolHandler<BrowserSelectArgs> = async (args, context) =>
  sessionStep(context, args.session, async (session, cell) => {
    const { locator, target } = await elementOf(session, args.ref);
    const shape = await locator
      .evaluate(
        (element): ListShape => {
          const select = element as unknown as {
            tagName: string;
            multiple: boolean;
            options: ArrayLike<{ value: string; label: string; disabled: boolean }>;
          };
          if (select.tagName !== 'SELECT') return { isSelect: false, multiple: false, options: [] };
          return {
            isSelect: true,
            multiple: select.multiple,
            options: Array.from(select.options, (option) => ({
              value: option.value,
              label: option.label,
              disabled: option.disabled,
            })),
          };
        },
        undefined,
        { timeout: cell.settings.actionTimeoutMs },
      )
      .catch(() => undefined);
    if (shape === undefined || !shape.isSelect) {
      throw new ToolError(
        'invalid_arguments',
        `${target} is not a drop-down list; browser.select chooses options of a select element (a combobox or listbox in the snapshot). Use browser.click for other elements.`,
      );
    }
    if (!shape.multiple && args.values.length > 1) {
      throw new ToolError(
        'invalid_arguments',
        `${target} takes one choice, and ${args.values.length} values were given; give one.`,
      );
    }
    const squash = (text: string) => text.replace(/\s+/g, ' ').trim().toLowerCase();
    const chosen: string[] = [];
    for (const wanted of args.values) {
      const option =
        shape.options.find((candidate) => candidate.value === wanted) ??
        shape.options.find((candidate) => candidate.label === wanted) ??
        shape.options.find((candidate) => squash(candidate.label) === squash(wanted));
      if (option === undefined) {
        const labels = shape.options.map((candidate) => JSON.stringify(candidate.label));
        throw new ToolError(
          'invalid_arguments',
          `${target} has no option ${JSON.stringify(wanted)}; ${labels.length === 0 ? 'it has no options' : `its options are ${labels.slice(0, 50).join(', ')}${labels.length > 50 ? ', …' : ''}`}.`,
        );
      }
      if (option.disabled) {
        throw new ToolError(
          'invalid_arguments',
          `The option ${JSON.stringify(option.label)} of ${target} is disabled.`,
        );
      }
      chosen.push(option.value);
    }
    const labels = chosen.map((value) => JSON.stringify(shape.options.find((o) => o.value === value)?.label ?? value));
    return act(
      context,
      session,
      cell,
      { verb: 'choose in', gerund: 'choosing in', target, done: `Chose ${labels.join(', ')} in ${target}` },
      async (signal) => {
        await locator.selectOption(
          chosen.map((value) => ({ value })),
          { timeout: cell.settings.actionTimeoutMs, signal },
        );
      },
    );
  });
