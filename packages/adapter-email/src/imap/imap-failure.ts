import type { MailServer } from '@wesgine/runtime';
import { ToolError } from '@wesgine/schema';
import { formatWait } from '../format-wait.js';

/** What imapflow and Node put on the errors they raise (every field may be missing). */
interface ImapErrorFields {
  readonly code?: unknown;
  readonly authenticationFailed?: unknown;
  readonly responseText?: unknown;
  readonly responseStatus?: unknown;
  readonly message?: unknown;
}

const TIMEOUTS = new Set([
  'CONNECT_TIMEOUT',
  'GREETING_TIMEOUT',
  'UPGRADE_TIMEOUT',
  'ETIMEOUT',
  'ETIMEDOUT',
  'LockTimeout',
]);
const DROPPED = new Set([
  'NoConnection',
  'EConnectionClosed',
  'ECONNRESET',
  'EPIPE',
  'StateLogout',
  'ClosedAfterConnectText',
]);

/**
 * An error of the IMAP client as a `ToolError` the model can act on: the server named, what went wrong
 * in words, and what to check. A `ToolError` passes as it is; the original error is kept as the cause.
 */
export function imapFailure(error: unknown, server: MailServer, timeoutMs: number): ToolError {
  if (ToolError.isInstance(error)) return error;
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ImapErrorFields;
  const code = typeof fields.code === 'string' ? fields.code : '';
  const said = typeof fields.responseText === 'string' && fields.responseText !== '' ? fields.responseText : undefined;
  const where = `the IMAP server ${server.host}:${server.port}`;
  const cause = { cause: error };
  if (fields.authenticationFailed === true) {
    return new ToolError(
      'unavailable',
      `${where} refused the login of '${server.user ?? ''}'${said === undefined ? '' : ` (${said})`}; check email.imap.user and email.imap.password`,
      cause,
    );
  }
  if (code === 'ECONNREFUSED') {
    return new ToolError(
      'unavailable',
      `could not reach ${where}: the connection was refused; check that it runs and that email.imap.host and email.imap.port are right`,
      cause,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new ToolError('unavailable', `the host of ${where} was not found (${code}); check email.imap.host`, cause);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new ToolError(
      'unavailable',
      `${where} cannot be reached from here (${code}); check the network and email.imap.host`,
      cause,
    );
  }
  if (TIMEOUTS.has(code)) {
    return new ToolError(
      'timeout',
      `${where} did not answer within ${formatWait(timeoutMs)}; check that it runs and is reachable, then try again`,
      cause,
    );
  }
  if (DROPPED.has(code)) {
    return new ToolError(
      'unavailable',
      `${where} closed the connection (${code}); try again, and if it keeps happening check its log`,
      cause,
    );
  }
  if (/^(ERR_TLS|ERR_SSL|EPROTO|CERT_|DEPTH_ZERO|SELF_SIGNED|UNABLE_TO)/.test(code)) {
    return new ToolError(
      'unavailable',
      `TLS with ${where} failed (${code}); check email.imap.secure and the port (993 speaks TLS from the start, 143 plain or STARTTLS)`,
      cause,
    );
  }
  if (fields.responseStatus === 'NO' || fields.responseStatus === 'BAD') {
    return new ToolError('unavailable', `${where} refused the request${said === undefined ? '' : `: ${said}`}`, cause);
  }
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  return new ToolError('unavailable', `${where} failed: ${message}${code === '' ? '' : ` (${code})`}`, cause);
}
