/**
 * Slack (issue 12): an incoming webhook (`POST` of JSON `{text}` to the webhook's address, which
 * answers 200 `ok`, or an error word such as `no_service`), or the Web API with a bot token:
 * `chat.postMessage` `{channel, text}` to a member or channel id, after `users.lookupByEmail` when the
 * path holds the member's Slack e-mail address (§5: Slack paths are e-mail formatted). The Web API
 * answers `{ok: true, ts}` or `{ok: false, error}`.
 */
import type { SlackBotConfig } from '../../config.ts';
import type { AdapterAnswer } from './deliveryMessage.ts';
import { requestWithRetries, type ProviderAnswer, type RequestBounds } from './requestWithRetries.ts';

/** What a Slack path's value is. */
export type SlackAddress = { kind: 'webhook'; url: string } | { kind: 'id'; id: string } | { kind: 'email'; email: string } | { kind: 'invalid' };

/** A member, bot, channel, group or direct-message id (U…, W…, B…, C…, G…, D…). */
const SLACK_ID = /^[UWBCGD][A-Z0-9]{2,30}$/;

export function slackAddressOf(address: string): SlackAddress {
  const value = address.trim();
  if (/^https?:\/\//i.test(value)) return { kind: 'webhook', url: value };
  if (SLACK_ID.test(value)) return { kind: 'id', id: value };
  if (/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(value)) return { kind: 'email', email: value };
  return { kind: 'invalid' };
}

export async function postToWebhook(url: string, bounds: RequestBounds, text: string): Promise<AdapterAnswer> {
  const answer = await requestWithRetries(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) }, bounds);
  const unanswered = unansweredOutcome(answer);
  if (unanswered) return unanswered;
  const { status, body, requests } = answer as Extract<ProviderAnswer, { kind: 'answer' }>;
  const word = body.trim();
  if (status === 200 && word === 'ok') return { outcome: 'sent', detail: 'accepted by the Slack webhook', requests };
  const error = /^[a-z_]{1,60}$/.test(word) ? word : null;
  return { outcome: 'failed', errorCode: error ? `slack.${error}` : `http.${status}`, detail: `the Slack webhook answered ${status}${error ? ` ${error}` : ''}`, requests };
}

/** chat.postMessage to `channel`; an e-mail address is looked up first (users.lookupByEmail). */
export async function postWithBot(config: SlackBotConfig, bounds: RequestBounds, address: { kind: 'id'; id: string } | { kind: 'email'; email: string }, text: string): Promise<AdapterAnswer> {
  const headers = { authorization: `Bearer ${config.botToken}` };
  let channel: string;
  let requests = 0;
  if (address.kind === 'email') {
    const lookup = await requestWithRetries(`${config.apiUrl}/users.lookupByEmail?${new URLSearchParams({ email: address.email })}`, { method: 'GET', headers }, bounds);
    requests += lookup.requests;
    const found = webApiAnswer(lookup);
    if ('failed' in found) return { ...found.failed, requests };
    const user = found.json.user as { id?: unknown } | undefined;
    if (typeof user?.id !== 'string' || !SLACK_ID.test(user.id)) return { outcome: 'failed', errorCode: 'slack.users_not_found', detail: 'Slack found no member with this address', requests };
    channel = user.id;
  } else {
    channel = address.id;
  }
  const post = await requestWithRetries(`${config.apiUrl}/chat.postMessage`, {
    method: 'POST', headers: { ...headers, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ channel, text }),
  }, bounds);
  requests += post.requests;
  const posted = webApiAnswer(post);
  if ('failed' in posted) return { ...posted.failed, requests };
  const ts = typeof posted.json.ts === 'string' ? posted.json.ts.slice(0, 40) : null;
  return { outcome: 'sent', providerId: ts, detail: 'posted by the Slack bot', requests };
}

function webApiAnswer(answer: ProviderAnswer): { json: Record<string, unknown> } | { failed: AdapterAnswer } {
  const unanswered = unansweredOutcome(answer);
  if (unanswered) return { failed: unanswered };
  const { status, body } = answer as Extract<ProviderAnswer, { kind: 'answer' }>;
  let json: Record<string, unknown> | null = null;
  try {
    const value: unknown = JSON.parse(body);
    if (value && typeof value === 'object' && !Array.isArray(value)) json = value as Record<string, unknown>;
  } catch {
    json = null;
  }
  if (status === 200 && json?.ok === true) return { json };
  const error = typeof json?.error === 'string' && /^[a-z_]{1,60}$/.test(json.error) ? json.error : null;
  return { failed: { outcome: 'failed', errorCode: error ? `slack.${error}` : `http.${status}`, detail: `the Slack API answered ${status}${error ? ` ${error}` : ''}` } };
}

function unansweredOutcome(answer: ProviderAnswer): AdapterAnswer | null {
  if (answer.kind === 'timeout') return { outcome: 'failed', errorCode: 'delivery.timeout', detail: 'Slack did not answer in time', requests: answer.requests };
  if (answer.kind === 'unreachable') return { outcome: 'failed', errorCode: 'delivery.unreachable', detail: `Slack could not be reached: ${answer.reason}`, requests: answer.requests };
  return null;
}
