/** A stage's "ask": what a human must approve before the call may run, and who asked. */
export interface Question {
  readonly stage: string;
  readonly rule: string | undefined;
  readonly question: string;
}
