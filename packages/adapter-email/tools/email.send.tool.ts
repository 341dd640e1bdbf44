import { defineTool, Path, Recipient, Type } from '@wesgine/schema';

const Address = (description: string) =>
  Recipient({
    minLength: 3,
    maxLength: 320,
    description: `${description} One address: a@example.org or Name <a@example.org>.`,
  });

const Addresses = (description: string, minItems: number) =>
  Type.Array(Address(description), { minItems, maxItems: 50, uniqueItems: true });

export default defineTool({
  name: 'email.send',
  description: [
    "Send an email from the cell's own address through its SMTP server. Each address in to, cc and bcc is",
    'judged before anything is sent: one outside the allowed recipients is refused, and a person approves',
    'the message unless a rule allows it. Attachments are files you name by path; the message is sent as',
    'given, so read it over first. The answer names who got it and the Message-ID (for in_reply_to).',
  ].join(' '),
  parameters: Type.Object({
    to: Addresses('A recipient.', 1),
    cc: Type.Optional(Addresses('A recipient in copy.', 0)),
    bcc: Type.Optional(Addresses('A hidden recipient.', 0)),
    subject: Type.String({
      minLength: 1,
      maxLength: 400,
      pattern: '^[^\\r\\n]*$',
      description: 'The subject line: one line, no line breaks.',
    }),
    text: Type.String({ maxLength: 1_000_000, description: 'The body as plain text.' }),
    html: Type.Optional(
      Type.String({ maxLength: 2_000_000, description: 'The body as HTML as well, for mail programs that show it.' }),
    ),
    attachments: Type.Optional(
      Type.Array(Path({ access: 'read', description: 'A file to attach: absolute, or relative to the work folder.' }), {
        maxItems: 20,
        uniqueItems: true,
      }),
    ),
    in_reply_to: Type.Optional(
      Type.String({
        maxLength: 998,
        pattern: '^<[^<>\\s]+@[^<>\\s]+>$',
        description: 'The Message-ID of the message this answers, as email.read shows it: <id@host>.',
      }),
    ),
  }),
  meta: { category: 'action', askFirst: true, openWorld: true, timeoutMs: 120_000 },
  examples: [
    { args: { to: ['Ana <ana@example.org>'], subject: 'Figures for March', text: 'Hello Ana,\n\nattached.\n' } },
    {
      description: 'An answer with an attachment',
      args: {
        to: ['bob@example.org'],
        subject: 'Re: the report',
        text: 'Here it is.',
        attachments: ['out/report.csv'],
        in_reply_to: '<1a2b3c@mail.example.org>',
      },
    },
  ],
});
