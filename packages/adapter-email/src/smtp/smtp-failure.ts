import type { MailServer } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import { formatWait } from '../format-wait.js';

/** What nodemailer puts on the errors it raises (every field may be missing). */
interface SmtpErrorFields {
  readonly code?: unknown;
  readonly command?: unknown;
  readonly response?: unknown;
  readonly message?: unknown;
}

/**
 * A nodemailer error as a `ToolError` the model can act on: the server named, what it said, what to
 * check, and that nothing was sent (every one of these failures comes before the message is accepted).
 */
export function smtpFailure(error: unknown, server: MailServer, timeoutMs: number): ToolError {
  if (ToolError.isInstance(error)) return error;
  const fields = (typeof error === 'object' && error !== null ? error : {}) as SmtpErrorFields;
  const code = typeof fields.code === 'string' ? fields.code : '';
  const command = typeof fields.command === 'string' ? fields.command : '';
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  const said = typeof fields.response === 'string' && fields.response !== '' ? fields.response : undefined;
  const where = `the SMTP server ${server.host}:${server.port}`;
  const cause = { cause: error };
  const nothing = 'Nothing was sent.';
  switch (code) {
    case 'EABORT':
      return new ToolError('aborted', `the call was cancelled before the server took the message. ${nothing}`, cause);
    case 'EAUTH':
      return new ToolError(
        'unavailable',
        `${where} refused the login of '${server.user ?? ''}'${said === undefined ? '' : ` (${said})`}; check email.smtp.user and email.smtp.password. ${nothing}`,
        cause,
      );
    case 'EDNS':
      return new ToolError(
        'unavailable',
        `the host of ${where} was not found (${message}); check email.smtp.host. ${nothing}`,
        cause,
      );
    case 'ETIMEDOUT':
      return new ToolError(
        'timeout',
        `${where} did not answer within ${formatWait(timeoutMs)}; check that it runs and is reachable. ${nothing}`,
        cause,
      );
    case 'ETLS':
      return new ToolError(
        'unavailable',
        `TLS with ${where} failed (${message}); check email.smtp.secure and the port (465 speaks TLS from the start, 587 and 25 STARTTLS). ${nothing}`,
        cause,
      );
    case 'ECONNECTION':
    case 'ESOCKET':
    case 'EPROTOCOL':
      return new ToolError(
        'unavailable',
        /ECONNREFUSED/.test(message)
          ? `could not reach ${where}: the connection was refused; check that it runs and that email.smtp.host and email.smtp.port are right. ${nothing}`
          : `the connection to ${where} failed (${message}); check that it runs and that email.smtp.host and email.smtp.port are right. ${nothing}`,
        cause,
      );
    case 'EENVELOPE':
      if (command === 'MAIL FROM') {
        return new ToolError(
          'unavailable',
          `${where} refused the sender${said === undefined ? '' : ` (${said})`}; check email.from, and email.smtp.user and email.smtp.password if it wants a login. ${nothing}`,
          cause,
        );
      }
      return new ToolError(
        'invalid_arguments',
        `${where} refused every recipient${said === undefined ? '' : ` (${said})`}; check the addresses. ${nothing}`,
        cause,
      );
    case 'EMESSAGE':
      return new ToolError(
        'unavailable',
        `${where} refused the message${said === undefined ? '' : ` (${said})`}; it may be too large or look like spam to it. ${nothing}`,
        cause,
      );
    default:
      return new ToolError(
        'unavailable',
        `sending through ${where} failed: ${message}${code === '' ? '' : ` (${code})`}. ${nothing}`,
        cause,
      );
  }
}
