/** What a Zone rule or default does with a call. */
export type Effect = 'allow' | 'ask' | 'deny';

/** How strict an effect is: allow 0, ask 1, deny 2. The strictest effect always wins. */
export function strictness(effect: Effect): number {
  return effect === 'deny' ? 2 : effect === 'ask' ? 1 : 0;
}

export function isEffect(value: unknown): value is Effect {
  return value === 'allow' || value === 'ask' || value === 'deny';
}
