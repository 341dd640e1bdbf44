import { type StringOptions, type TString, Type } from '@sinclair/typebox';
import { RECIPIENT_KEYWORD } from './keywords.js';

export type TRecipient = TString & { readonly [RECIPIENT_KEYWORD]: true };

/**
 * An address a message goes to (`bob@example.org`, or `Bob <bob@example.org>`). Governance judges each
 * one: the cell's allowed recipients, then the Zone's `recipients` rules.
 */
export function Recipient(options: StringOptions = {}): TRecipient {
  return Type.String({ ...options, [RECIPIENT_KEYWORD]: true }) as TRecipient;
}
