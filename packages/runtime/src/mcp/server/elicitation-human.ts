import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  type ElicitRequestFormParams,
  type ElicitResult,
  ErrorCode,
  type PrimitiveSchemaDefinition,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { ToolError, type UserAnswer } from '@wesgine/schema';
import type {
  ApprovalDecision,
  ApprovalRequest,
  HumanChannel,
  QuestionRequest,
} from '../../approval/approval-request.js';

/** How many characters of a call's arguments the approval message shows. */
const ARGUMENTS_SHOWN = 2000;

/** What the channel needs of the session: its SDK server, and the `tools/call` a question belongs to. */
export interface ElicitationPeer {
  readonly server: Server;
  /** The id of the `tools/call` request under way in this async context, so the question travels with it. */
  readonly relatedRequest: () => RequestId | undefined;
  /** How long a person has to answer before the call is denied (approvals) or fails (questions). */
  readonly timeoutMs: number;
}

/**
 * The human of an MCP session: approvals and `ask_user` questions become `elicitation/create` form
 * requests to the client, which shows them to its user. A client that did not declare the elicitation
 * capability is never sent one: approvals are then refused, and questions fail, with a sentence that
 * says why. An unanswered request is withdrawn after `timeoutMs`; a cancelled call withdraws it at once.
 */
export class ElicitationHuman implements HumanChannel {
  readonly #peer: ElicitationPeer;

  constructor(peer: ElicitationPeer) {
    this.#peer = peer;
  }

  async ask(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalDecision> {
    this.#mustElicit('approve this call');
    const result = await this.#elicit(
      {
        mode: 'form',
        message: approvalMessage(request),
        requestedSchema: {
          type: 'object',
          properties: {
            decision: {
              type: 'string',
              title: 'Decision',
              oneOf: [
                { const: 'approve', title: 'Approve this call' },
                { const: 'approve_session', title: 'Approve this same call for the rest of the session' },
                { const: 'deny', title: 'Deny it' },
              ],
            },
            reason: { type: 'string', title: 'Reason', description: 'When you deny it: why (the model reads this).' },
          },
          required: ['decision'],
        },
      },
      signal,
    );
    if (result === 'timeout') return { decision: 'deny', reason: `nobody answered within ${this.#waited()}` };
    if (result === 'aborted') return { decision: 'deny', reason: 'the call was cancelled before anyone answered' };
    if (result.action === 'decline') return { decision: 'deny', reason: 'the person declined in the MCP client' };
    if (result.action === 'cancel') return { decision: 'deny', reason: 'the person dismissed the request' };
    const { decision, reason } = result.content ?? {};
    if (decision === 'approve') return { decision: 'approve', scope: 'once' };
    if (decision === 'approve_session') return { decision: 'approve', scope: 'session' };
    return {
      decision: 'deny',
      ...(typeof reason === 'string' && reason.trim() !== '' ? { reason: reason.trim() } : {}),
    };
  }

  async question(request: QuestionRequest, signal: AbortSignal): Promise<readonly UserAnswer[]> {
    this.#mustElicit('answer questions');
    const properties: Record<string, PrimitiveSchemaDefinition> = {};
    const required: string[] = [];
    for (const [index, question] of request.questions.entries()) {
      const labels = question.options.map((option) => option.label);
      const described = question.options
        .filter((option) => option.description !== undefined && option.description !== '')
        .map((option) => `${option.label}: ${option.description}`)
        .join('; ');
      const title = question.question;
      const description = described === '' ? undefined : described;
      if (labels.length > 0) {
        properties[`answer_${index + 1}`] =
          question.multiSelect === true
            ? {
                type: 'array',
                title,
                ...(description === undefined ? {} : { description }),
                minItems: 1,
                items: { type: 'string', enum: labels },
              }
            : { type: 'string', title, ...(description === undefined ? {} : { description }), enum: labels };
        required.push(`answer_${index + 1}`);
      }
      properties[`own_${index + 1}`] = {
        type: 'string',
        title: labels.length > 0 ? `${title} (or in your own words)` : title,
        description: labels.length > 0 ? 'Leave empty to send the choice above.' : 'Your answer.',
      };
      if (labels.length === 0) required.push(`own_${index + 1}`);
    }
    const result = await this.#elicit(
      {
        mode: 'form',
        message: `${request.tool} asks you ${request.questions.length === 1 ? 'a question' : `${request.questions.length} questions`}.`,
        requestedSchema: { type: 'object', properties, required },
      },
      signal,
    );
    if (result === 'timeout') throw new ToolError('timeout', `nobody answered within ${this.#waited()}`);
    if (result === 'aborted') throw new ToolError('aborted', 'the call was cancelled before anyone answered');
    if (result.action !== 'accept') {
      throw new ToolError(
        'denied',
        result.action === 'decline'
          ? 'The person declined to answer. Go on with your best judgement, and say what you assumed.'
          : 'The person dismissed the questions without answering. Go on with your best judgement, and say what you assumed.',
      );
    }
    const content = result.content ?? {};
    return request.questions.map((question, index) => {
      const own = content[`own_${index + 1}`];
      if (typeof own === 'string' && own.trim() !== '') return { question: question.question, answers: [own.trim()] };
      const chosen = content[`answer_${index + 1}`];
      const answers = Array.isArray(chosen) ? chosen.map(String) : typeof chosen === 'string' ? [chosen] : [];
      return { question: question.question, answers };
    });
  }

  /** Refuses at once, with the reason, when the client cannot show a form to its user. */
  #mustElicit(what: string): void {
    const { server } = this.#peer;
    if (server.getClientCapabilities()?.elicitation?.form !== undefined) return;
    const client = server.getClientVersion()?.name;
    throw new ToolError(
      'unavailable',
      `nobody can ${what}: the MCP client${client === undefined ? '' : ` ${JSON.stringify(client)}`} did not declare the elicitation capability, so its user cannot be asked`,
    );
  }

  /** One form request to the client; `timeout` when nobody answered in time, `aborted` when the call ended. */
  async #elicit(params: ElicitRequestFormParams, signal: AbortSignal): Promise<ElicitResult | 'timeout' | 'aborted'> {
    const { server, relatedRequest, timeoutMs } = this.#peer;
    const related = relatedRequest();
    try {
      return await server.elicitInput(params, {
        signal,
        timeout: timeoutMs,
        ...(related === undefined ? {} : { relatedRequestId: related }),
      });
    } catch (error) {
      if (signal.aborted) return 'aborted';
      if ((error as { code?: unknown }).code === ErrorCode.RequestTimeout) return 'timeout';
      throw new ToolError(
        'unavailable',
        `the MCP client failed to ask its user: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  /** `300 s`, or `250 ms` for a wait under a second. */
  #waited(): string {
    const { timeoutMs } = this.#peer;
    return timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`;
  }
}

/** What the person reads: which tool, what governance asks, and the arguments (cut when long). */
function approvalMessage(request: ApprovalRequest): string {
  let shown = JSON.stringify(request.args, null, 2) ?? 'none';
  if (shown.length > ARGUMENTS_SHOWN) shown = `${shown.slice(0, ARGUMENTS_SHOWN)}… (cut)`;
  return `${request.tool} needs your approval. ${request.question}\n\nArguments:\n${shown}`;
}
