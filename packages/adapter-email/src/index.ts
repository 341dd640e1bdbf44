// The public surface of @wesgine/adapter-email. Adding a name here makes it public API.

export type { EmailReadArgs, EmailSearchArgs, EmailSendArgs } from '../generated/types.gen.js';
export { emailAdapter } from './email-adapter.js';
