/**
 * The process configuration, read once from the environment and checked (README "Configuration").
 * A bad value stops the start with a clear message rather than a surprise later.
 */
import { isIP } from 'node:net';
import semver from 'semver';
import { DEFAULT_ALTCHA, DEFAULT_RECAPTCHA_SCRIPT_URL, DEFAULT_RECAPTCHA_VERIFY_URL, type CaptchaOptions } from './services/captcha.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Real PostgreSQL when set; the embedded PGlite under dataDir otherwise. */
  databaseUrl: string | null;
  /**
   * Demo mode (DEMO): seeded organisations, the built-in admin password, the open mailbox. On by default
   * only with the embedded database while listening on a loopback HOST; elsewhere only with DEMO=1.
   */
  demo: boolean;
  /** Vite's hot reload instead of the built app (`npm run dev`). */
  dev: boolean;
  /**
   * The portal's public address (PUBLIC_URL) for links in e-mails, without a trailing slash. Required
   * outside demo mode; null in demo mode means the address the server listens on (never a request's Host).
   */
  publicUrl: string | null;
  /**
   * The reverse proxies whose X-Forwarded-* are believed (TRUST_PROXY): a number of hops (`1`: the one
   * proxy in front), or the proxies' addresses and CIDR ranges (handed to Fastify by http/trustProxy.ts).
   * False: none, the socket's address is the client's.
   */
  trustProxy: TrustProxy;
  /** Password of the administrator `admin` (the admin preview); in demo mode the demo password when unset. */
  adminPassword: string | null;
  /** smtp:// or smtps:// address of the SMTP server mails are delivered through; null keeps them in the outbox. */
  smtpUrl: string | null;
  /** The From address of every mail. */
  mailFrom: string;
  /**
   * The bearer token `/metrics` asks for (METRICS_TOKEN, at least 16 characters); null: no token.
   * Without it and without metricsPort, `/metrics` does not exist (404).
   */
  metricsToken: string | null;
  /** A second port (METRICS_PORT, on HOST) serving only `/metrics`; null: `/metrics` is on PORT, if METRICS_TOKEN is set. */
  metricsPort: number | null;
  /**
   * The Twilio-compatible REST API SMS and voice paths are delivered through (SMS_API_URL, SMS_ACCOUNT_SID,
   * SMS_AUTH_TOKEN, SMS_FROM); null when none of the three credentials is set: those paths go to the delivery outbox.
   */
  sms: SmsApiConfig | null;
  /** Slack's Web API for `chat.postMessage` (SLACK_API_URL, SLACK_BOT_TOKEN); null without a bot token. */
  slackBot: SlackBotConfig | null;
  /** What a member's Slack incoming-webhook address must start with (SLACK_WEBHOOK_PREFIX): the server posts nowhere else. */
  slackWebhookPrefix: string;
  /** The test notification's captcha: ALTCHA's work (ALTCHA_MAX_NUMBER) and reCAPTCHA (RECAPTCHA_SECRET, RECAPTCHA_VERIFY_URL, RECAPTCHA_SCRIPT_URL). */
  captcha: CaptchaOptions;
  /**
   * A Nominatim-compatible geocoder (GEOCODER_URL, e.g. the organisation's own Nominatim); null: the
   * offline gazetteer of the world's towns (server/services/geocoding/).
   */
  geocoderUrl: string | null;
  /**
   * The maps' tiles (MAP_TILE_URL, a `{z}/{x}/{y}` template: https://… or a path of this site, which the
   * Content-Security-Policy's img-src admits; MAP_TILE_ATTRIBUTION, the credit the tiles' licence asks
   * for, as text); null: OpenStreetMap's tiles and credit.
   */
  mapTiles: MapTiles | null;
}

export interface MapTiles {
  url: string;
  attribution: string;
  /**
   * MAP_TILE_TOKEN: the tile provider's key, put in the url's `{token}` (MapTiler's `?key={token}`,
   * Mapbox's `?access_token={token}`). Not in the boot answer: the browser asks `GET
   * /rest/api/map/cas/token` for it when its tiles need one (§7).
   */
  token: string | null;
}

/** A Twilio-compatible REST API: `POST {apiUrl}/2010-04-01/Accounts/{accountSid}/Messages.json` and `Calls.json`. */
export interface SmsApiConfig {
  /** Without a trailing slash. */
  apiUrl: string;
  accountSid: string;
  authToken: string;
  /** The sending number (E.164). */
  from: string;
}

/** Slack's Web API with a bot token (`chat.postMessage`, `users.lookupByEmail`). */
export interface SlackBotConfig {
  /** Without a trailing slash. */
  apiUrl: string;
  botToken: string;
}

export const DEFAULT_SMS_API_URL = 'https://api.twilio.com';
export const DEFAULT_SLACK_API_URL = 'https://slack.com/api';
export const DEFAULT_SLACK_WEBHOOK_PREFIX = 'https://hooks.slack.com/services/';

/** Which X-Forwarded-For entries are believed: none, the last `n` hops, or those added by these addresses. */
export type TrustProxy = false | number | string[];

/** The From address of mails when MAIL_FROM is not set. */
export const DEFAULT_MAIL_FROM = 'Member portal <no-reply@localhost>';

export class ConfigError extends Error {}

/**
 * Issue 9 row 20: the server refuses to start on a Node.js its dependencies do not support (package.json
 * `engines.node`), rather than failing later inside one of them. npm scripts run on the `node` dev
 * dependency; this catches a server started by hand with an older Node.
 */
export function checkRuntime(nodeVersion: string, enginesNode: string): void {
  if (!semver.satisfies(nodeVersion, enginesNode)) {
    throw new ConfigError(`Node.js ${nodeVersion} is not supported: the portal needs ${enginesNode} (package.json engines). `
      + 'Start it through npm (npm start), which runs on the Node.js that npm install put under node_modules/node.');
  }
}

export function readConfig(env: NodeJS.ProcessEnv, argv: readonly string[] = []): Config {
  const port = Number(env.PORT ?? '8080');
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number, got "${env.PORT}"`);
  const host = env.HOST?.trim() || '127.0.0.1';
  // Demo mode answers anyone who can reach it (its mailbox shows every mail): on its own only on loopback.
  const demo = env.DEMO ?? (!env.DATABASE_URL && isLoopback(host) ? '1' : '0');
  if (demo !== '0' && demo !== '1') throw new ConfigError(`DEMO must be 0 or 1, got "${env.DEMO}"`);
  const databaseUrl = env.DATABASE_URL?.trim() || null;
  if (env.ADMIN_PASSWORD !== undefined && env.ADMIN_PASSWORD.length < 12) throw new ConfigError('ADMIN_PASSWORD must have at least 12 characters');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// address');
  }
  const smtpUrl = env.SMTP_URL?.trim() || null;
  if (smtpUrl && !isSmtpUrl(smtpUrl)) throw new ConfigError('SMTP_URL must be an smtp:// or smtps:// address with a host');
  const mailFrom = env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM;
  if (!mailFrom.includes('@') || /[\r\n]/.test(mailFrom)) {
    throw new ConfigError('MAIL_FROM must be an e-mail address such as "Member portal <no-reply@example.org>"');
  }
  const publicUrl = publicUrlOf(env.PUBLIC_URL);
  const metricsToken = env.METRICS_TOKEN?.trim() || null;
  // Sent as `Authorization: Bearer …`: printable ASCII without spaces, long enough not to be guessed.
  if (metricsToken !== null && !/^[\x21-\x7e]{16,}$/.test(metricsToken)) {
    throw new ConfigError('METRICS_TOKEN must have at least 16 characters, printable ASCII without spaces (e.g. openssl rand -hex 32)');
  }
  const metricsPort = env.METRICS_PORT?.trim() ? Number(env.METRICS_PORT) : null;
  if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 1 || metricsPort > 65535 || metricsPort === port)) {
    throw new ConfigError(`METRICS_PORT must be a port number other than PORT's, got "${env.METRICS_PORT}"`);
  }
  const sms = smsApiOf(env);
  const slackBot = slackBotOf(env);
  const slackWebhookPrefix = env.SLACK_WEBHOOK_PREFIX?.trim() || DEFAULT_SLACK_WEBHOOK_PREFIX;
  if (!isHttpUrl(slackWebhookPrefix)) throw new ConfigError(`SLACK_WEBHOOK_PREFIX must be an http:// or https:// address, got "${slackWebhookPrefix}"`);
  const captcha = captchaOf(env);
  const geocoderUrl = env.GEOCODER_URL?.trim() || null;
  if (geocoderUrl !== null && !isHttpUrl(geocoderUrl)) throw new ConfigError(`GEOCODER_URL must be an http:// or https:// address, got "${geocoderUrl}"`);
  const mapTiles = mapTilesOf(env);
  if (demo === '0' && !publicUrl) {
    throw new ConfigError('PUBLIC_URL must be set outside demo mode: links in e-mails start with it, e.g. PUBLIC_URL=https://alerts.example.org '
      + '(demo mode is on by default only with the embedded database on a loopback HOST; DEMO=1 turns it on elsewhere)');
  }
  return {
    port,
    host,
    dataDir: env.DATA_DIR?.trim() || './data',
    databaseUrl,
    demo: demo === '1',
    dev: argv.includes('--dev'),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    publicUrl,
    adminPassword: env.ADMIN_PASSWORD || null,
    smtpUrl,
    mailFrom,
    metricsToken,
    metricsPort,
    sms,
    slackBot,
    slackWebhookPrefix,
    captcha,
    geocoderUrl,
    mapTiles,
  };
}

/** MAP_TILE_URL, MAP_TILE_ATTRIBUTION and MAP_TILE_TOKEN (Config `mapTiles`). */
function mapTilesOf(env: NodeJS.ProcessEnv): MapTiles | null {
  const url = env.MAP_TILE_URL?.trim() || null;
  const attribution = env.MAP_TILE_ATTRIBUTION?.trim() ?? '';
  if (url === null) {
    if (attribution) throw new ConfigError('MAP_TILE_ATTRIBUTION names the credit of MAP_TILE_URL\'s tiles: set MAP_TILE_URL too');
    if (env.MAP_TILE_TOKEN?.trim()) throw new ConfigError('MAP_TILE_TOKEN is the key of MAP_TILE_URL\'s tiles: set MAP_TILE_URL too');
    return null;
  }
  const placed = /^https:\/\/[^\s]+$/i.test(url) || /^\/(?![/\\])\S*$/.test(url);
  if (!placed || !['{z}', '{x}', '{y}'].every((part) => url.includes(part))) {
    throw new ConfigError(`MAP_TILE_URL must be an https:// address or a path of this site with {z}, {x} and {y} in it, got "${url}"`);
  }
  if (attribution.length > 300) throw new ConfigError('MAP_TILE_ATTRIBUTION must be at most 300 characters');
  const token = env.MAP_TILE_TOKEN?.trim() || null;
  if (token !== null && !/^[A-Za-z0-9._~-]{1,300}$/.test(token)) throw new ConfigError('MAP_TILE_TOKEN must be 1 to 300 letters, digits, ".", "_", "~" or "-"');
  if ((token !== null) !== url.includes('{token}')) {
    throw new ConfigError('MAP_TILE_TOKEN and a {token} in MAP_TILE_URL go together: the token is put where MAP_TILE_URL says {token}');
  }
  return { url, attribution, token };
}

/**
 * ALTCHA_MAX_NUMBER: how far the browser's proof of work counts at most (the work is between half of
 * it and all of it); RECAPTCHA_SECRET turns reCAPTCHA on for the organisations that set a site key,
 * checked at RECAPTCHA_VERIFY_URL (Google's siteverify by default), its browser script from
 * RECAPTCHA_SCRIPT_URL (Google's api.js by default).
 */
function captchaOf(env: NodeJS.ProcessEnv): CaptchaOptions {
  const maxText = env.ALTCHA_MAX_NUMBER?.trim() ?? '';
  const maxNumber = maxText ? Number(maxText) : DEFAULT_ALTCHA.maxNumber;
  if (!/^\d{1,10}$/.test(maxText || '0') || !Number.isInteger(maxNumber) || maxNumber < 10 || maxNumber > 10_000_000) {
    throw new ConfigError(`ALTCHA_MAX_NUMBER must be a whole number from 10 to 10000000, got "${maxText}"`);
  }
  const secret = env.RECAPTCHA_SECRET?.trim() || '';
  const verifyUrl = env.RECAPTCHA_VERIFY_URL?.trim() || DEFAULT_RECAPTCHA_VERIFY_URL;
  if (!isHttpUrl(verifyUrl)) throw new ConfigError(`RECAPTCHA_VERIFY_URL must be an http:// or https:// address, got "${verifyUrl}"`);
  const scriptUrl = env.RECAPTCHA_SCRIPT_URL?.trim() || DEFAULT_RECAPTCHA_SCRIPT_URL;
  if (!isHttpUrl(scriptUrl)) throw new ConfigError(`RECAPTCHA_SCRIPT_URL must be an http:// or https:// address, got "${scriptUrl}"`);
  if (secret && !/^[\x21-\x7e]{1,200}$/.test(secret)) throw new ConfigError('RECAPTCHA_SECRET must be printable ASCII without spaces');
  return { altcha: { ...DEFAULT_ALTCHA, maxNumber }, recaptcha: secret ? { secret, verifyUrl, scriptUrl } : null };
}

/**
 * SMS_*: the SMS and voice adapter is on when the account, its token and the sending number are all
 * set; a part of them is a mistake worth stopping for (the paths would silently stay in the outbox).
 */
function smsApiOf(env: NodeJS.ProcessEnv): SmsApiConfig | null {
  const accountSid = env.SMS_ACCOUNT_SID?.trim() || '';
  const authToken = env.SMS_AUTH_TOKEN?.trim() || '';
  const from = env.SMS_FROM?.trim() || '';
  if (!accountSid && !authToken && !from) return null;
  const missing = [['SMS_ACCOUNT_SID', accountSid], ['SMS_AUTH_TOKEN', authToken], ['SMS_FROM', from]].filter(([, value]) => !value).map(([name]) => name);
  if (missing.length) throw new ConfigError(`${missing.join(' and ')} must be set as well: SMS and voice need SMS_ACCOUNT_SID, SMS_AUTH_TOKEN and SMS_FROM`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(accountSid)) throw new ConfigError('SMS_ACCOUNT_SID must be an account id such as AC0123… (letters and digits)');
  if (!/^[\x21-\x7e]{1,200}$/.test(authToken)) throw new ConfigError('SMS_AUTH_TOKEN must be printable ASCII without spaces');
  if (!/^\+[1-9]\d{6,14}$/.test(from)) throw new ConfigError(`SMS_FROM must be a phone number in E.164 form such as +12175550100, got "${from}"`);
  const apiUrl = env.SMS_API_URL?.trim() || DEFAULT_SMS_API_URL;
  if (!isHttpUrl(apiUrl)) throw new ConfigError(`SMS_API_URL must be an http:// or https:// address, got "${apiUrl}"`);
  return { apiUrl: apiUrl.replace(/\/+$/, ''), accountSid, authToken, from };
}

/** SLACK_BOT_TOKEN turns `chat.postMessage` on, at SLACK_API_URL (Slack's own by default). */
function slackBotOf(env: NodeJS.ProcessEnv): SlackBotConfig | null {
  const botToken = env.SLACK_BOT_TOKEN?.trim() || '';
  const apiUrl = env.SLACK_API_URL?.trim() || DEFAULT_SLACK_API_URL;
  if (!isHttpUrl(apiUrl)) throw new ConfigError(`SLACK_API_URL must be an http:// or https:// address, got "${apiUrl}"`);
  if (!botToken) return null;
  if (!/^[\x21-\x7e]{1,500}$/.test(botToken)) throw new ConfigError('SLACK_BOT_TOKEN must be printable ASCII without spaces (xoxb-…)');
  return { apiUrl: apiUrl.replace(/\/+$/, ''), botToken };
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY (issue 9 row 14): unset or `0` trusts no proxy; a number trusts that many hops (`1`: only
 * the address the proxy in front appended to X-Forwarded-For is the client's, whatever the client
 * put before it); a comma-separated list trusts the proxies at those addresses or CIDR ranges
 * (`10.0.0.0/8, 192.168.1.5`, or proxy-addr's `loopback`, `linklocal`, `uniquelocal`). Never "every hop".
 */
function trustProxyOf(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) throw new ConfigError(`TRUST_PROXY must be a number of proxy hops or a list of proxy addresses, got "${text}"`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isProxyAddress(entry)) {
      throw new ConfigError(`TRUST_PROXY must be a number of proxy hops (1 for one reverse proxy) or a comma-separated list of proxy addresses or CIDR ranges, got "${entry}"`);
    }
  }
  return entries;
}

function isProxyAddress(entry: string): boolean {
  if (entry === 'loopback' || entry === 'linklocal' || entry === 'uniquelocal') return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/** A loopback listening address (127.0.0.0/8, ::1, localhost): only this machine can reach it. */
export function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return name === 'localhost' || name === '::1' || /^127(\.\d{1,3}){3}$/.test(name);
}

function isSmtpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** PUBLIC_URL: an http(s) address; links in e-mails start with it (never with a Host header an attacker sent). */
function publicUrlOf(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http:// or https:// address, got "${text}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL must be an http:// or https:// address, got "${text}"`);
  return text.replace(/\/+$/, '');
}
