/** README "Configuration": the environment is read once and checked. */
import { describe, expect, it } from 'vitest';
import { ConfigError, readConfig } from '../../server/config.ts';

describe('readConfig', () => {
  it('has the README defaults', () => {
    expect(readConfig({})).toEqual({
      port: 8080, host: '127.0.0.1', dataDir: './data', databaseUrl: null, demo: true, dev: false, trustProxy: false, adminPassword: null,
      smtpUrl: null, mailFrom: 'Member portal <no-reply@localhost>', publicUrl: null, metricsToken: null, metricsPort: null,
      sms: null, slackBot: null, slackWebhookPrefix: 'https://hooks.slack.com/services/',
      captcha: { altcha: { maxNumber: 50_000, expiresInSeconds: 300 }, recaptcha: null }, geocoderUrl: null, mapTiles: null,
    });
  });

  it('reads every variable', () => {
    expect(readConfig({
      PORT: '9000', HOST: '0.0.0.0', DATA_DIR: '/var/lib/portal', DATABASE_URL: 'postgres://u@db/portal', DEMO: '1', TRUST_PROXY: '1',
      ADMIN_PASSWORD: 'correct horse battery', PUBLIC_URL: 'https://alerts.example.org/',
      SMTP_URL: 'smtps://portal:secret@mail.example.org:465', MAIL_FROM: 'City portal <portal@example.org>',
      METRICS_TOKEN: 'a-scraper-token-0123456789', METRICS_PORT: '9464',
      SMS_API_URL: 'https://sms.example.org/', SMS_ACCOUNT_SID: 'AC0123', SMS_AUTH_TOKEN: 'sms-secret', SMS_FROM: '+12175550100',
      SLACK_API_URL: 'https://slack.example.org/api', SLACK_BOT_TOKEN: 'xoxb-1-2', SLACK_WEBHOOK_PREFIX: 'https://hooks.example.org/',
      ALTCHA_MAX_NUMBER: '1000', RECAPTCHA_SECRET: 'recaptcha-secret', RECAPTCHA_VERIFY_URL: 'https://captcha.example.org/siteverify',
      RECAPTCHA_SCRIPT_URL: 'https://captcha.example.org/api.js', GEOCODER_URL: 'https://nominatim.example.org/',
      MAP_TILE_URL: 'https://tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: '© City GIS',
    }, ['--dev'])).toEqual({
      port: 9000, host: '0.0.0.0', dataDir: '/var/lib/portal', databaseUrl: 'postgres://u@db/portal', demo: true, dev: true, trustProxy: 1,
      adminPassword: 'correct horse battery', smtpUrl: 'smtps://portal:secret@mail.example.org:465', mailFrom: 'City portal <portal@example.org>',
      publicUrl: 'https://alerts.example.org', metricsToken: 'a-scraper-token-0123456789', metricsPort: 9464,
      sms: { apiUrl: 'https://sms.example.org', accountSid: 'AC0123', authToken: 'sms-secret', from: '+12175550100' },
      slackBot: { apiUrl: 'https://slack.example.org/api', botToken: 'xoxb-1-2' }, slackWebhookPrefix: 'https://hooks.example.org/',
      captcha: { altcha: { maxNumber: 1000, expiresInSeconds: 300 }, recaptcha: { secret: 'recaptcha-secret', verifyUrl: 'https://captcha.example.org/siteverify', scriptUrl: 'https://captcha.example.org/api.js' } },
      geocoderUrl: 'https://nominatim.example.org/', mapTiles: { url: 'https://tiles.example.org/{z}/{x}/{y}.png', attribution: '© City GIS', token: null },
    });
  });

  // Issue 13: the geocoder; the offline gazetteer without GEOCODER_URL.
  it('reads GEOCODER_URL, refusing anything but http(s)', () => {
    expect(readConfig({}).geocoderUrl).toBeNull();
    expect(readConfig({ GEOCODER_URL: ' ' }).geocoderUrl).toBeNull();
    expect(() => readConfig({ GEOCODER_URL: 'nominatim.example.org' })).toThrow(/^GEOCODER_URL must be/);
  });

  // Issue 13: the maps' tiles; OpenStreetMap's without MAP_TILE_URL.
  it.each([
    ['an https template', 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', null],
    ['a path of this site (a tile server behind the same proxy)', '/tiles/{z}/{x}/{y}.png', null],
    ['plain http (the CSP admits https: and this site only)', 'http://tiles.example.org/{z}/{x}/{y}.png', /^MAP_TILE_URL must be/],
    ['a template without {y}', 'https://tiles.example.org/{z}/{x}.png', /^MAP_TILE_URL must be/],
    ['another site by a path', '//tiles.example.org/{z}/{x}/{y}.png', /^MAP_TILE_URL must be/],
    ['a javascript: address', 'javascript:alert(1)//{z}{x}{y}', /^MAP_TILE_URL must be/],
  ])('reads MAP_TILE_URL: %s', (_what, url, refused) => {
    if (refused) expect(() => readConfig({ MAP_TILE_URL: url })).toThrow(refused);
    else expect(readConfig({ MAP_TILE_URL: url }).mapTiles).toEqual({ url, attribution: '', token: null });
  });

  it('refuses a tile credit without tiles', () => {
    expect(() => readConfig({ MAP_TILE_ATTRIBUTION: '© Someone' })).toThrow(/^MAP_TILE_ATTRIBUTION names/);
  });

  // §7 `GET /rest/api/map/cas/token`: the tiles' key, where MAP_TILE_URL has {token}.
  it('reads MAP_TILE_TOKEN only with a {token} in MAP_TILE_URL, and the other way round', () => {
    const url = 'https://api.maptiler.com/maps/streets/{z}/{x}/{y}.png?key={token}';
    expect(readConfig({ MAP_TILE_URL: url, MAP_TILE_TOKEN: 'Abc.123_x-y' }).mapTiles).toEqual({ url, attribution: '', token: 'Abc.123_x-y' });
    expect(() => readConfig({ MAP_TILE_URL: url })).toThrow(/^MAP_TILE_TOKEN and a \{token\}/);
    expect(() => readConfig({ MAP_TILE_URL: '/tiles/{z}/{x}/{y}.png', MAP_TILE_TOKEN: 'abc' })).toThrow(/^MAP_TILE_TOKEN and a \{token\}/);
    expect(() => readConfig({ MAP_TILE_URL: url, MAP_TILE_TOKEN: 'a b' })).toThrow(/^MAP_TILE_TOKEN must be/);
    expect(() => readConfig({ MAP_TILE_TOKEN: 'abc' })).toThrow(/^MAP_TILE_TOKEN is the key/);
  });

  // Issue 12: the test notification's captcha; reCAPTCHA only with a secret, Google's siteverify by default.
  it('reads the captcha settings, refusing nonsense', () => {
    expect(readConfig({ RECAPTCHA_SECRET: 's' }).captcha.recaptcha).toEqual({
      secret: 's', verifyUrl: 'https://www.google.com/recaptcha/api/siteverify', scriptUrl: 'https://www.google.com/recaptcha/api.js',
    });
    expect(readConfig({ RECAPTCHA_VERIFY_URL: 'https://x.example.org/v' }).captcha.recaptcha).toBeNull();
    expect(() => readConfig({ ALTCHA_MAX_NUMBER: '5' })).toThrow(/^ALTCHA_MAX_NUMBER must be/);
    expect(() => readConfig({ ALTCHA_MAX_NUMBER: '1e9' })).toThrow(/^ALTCHA_MAX_NUMBER must be/);
    expect(() => readConfig({ RECAPTCHA_SECRET: 's', RECAPTCHA_VERIFY_URL: 'ftp://x' })).toThrow(/^RECAPTCHA_VERIFY_URL must be/);
    expect(() => readConfig({ RECAPTCHA_SECRET: 's', RECAPTCHA_SCRIPT_URL: 'javascript:alert(1)' })).toThrow(/^RECAPTCHA_SCRIPT_URL must be/);
  });

  // Issue 10 item 9: /metrics only with a token or on its own port.
  it('treats an empty METRICS_TOKEN or METRICS_PORT as none', () => {
    expect(readConfig({ METRICS_TOKEN: ' ', METRICS_PORT: '' })).toMatchObject({ metricsToken: null, metricsPort: null });
    expect(readConfig({ METRICS_TOKEN: '0123456789abcdef' }).metricsToken).toBe('0123456789abcdef');
  });

  // Issue 12: the delivery adapters; the SMS API's default is Twilio's own, and a part of its credentials is refused.
  it('reads the SMS and Slack adapters, refusing half a configuration', () => {
    expect(readConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'tok', SMS_FROM: '+12175550100' }).sms)
      .toEqual({ apiUrl: 'https://api.twilio.com', accountSid: 'AC1', authToken: 'tok', from: '+12175550100' });
    expect(() => readConfig({ SMS_ACCOUNT_SID: 'AC1' })).toThrow(/^SMS_AUTH_TOKEN and SMS_FROM must be set as well/);
    expect(() => readConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'tok', SMS_FROM: '2175550100' })).toThrow(/^SMS_FROM must be a phone number in E\.164 form/);
    expect(() => readConfig({ SMS_ACCOUNT_SID: 'AC1', SMS_AUTH_TOKEN: 'tok', SMS_FROM: '+12175550100', SMS_API_URL: 'ftp://x' })).toThrow(/^SMS_API_URL must be/);
    expect(readConfig({ SLACK_BOT_TOKEN: 'xoxb-1' }).slackBot).toEqual({ apiUrl: 'https://slack.com/api', botToken: 'xoxb-1' });
    expect(() => readConfig({ SLACK_API_URL: 'slack.com' })).toThrow(/^SLACK_API_URL must be/);
    expect(() => readConfig({ SLACK_WEBHOOK_PREFIX: 'hooks' })).toThrow(/^SLACK_WEBHOOK_PREFIX must be/);
  });

  it('takes smtp:// as well as smtps://, and treats an empty SMTP_URL as none', () => {
    expect(readConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
    expect(readConfig({ SMTP_URL: '  ' }).smtpUrl).toBeNull();
    expect(readConfig({ MAIL_FROM: '' }).mailFrom).toBe('Member portal <no-reply@localhost>');
  });

  it('turns the demo off by default on PostgreSQL, and with DEMO=0', () => {
    expect(readConfig({ DATABASE_URL: 'postgresql://db/portal', PUBLIC_URL: 'https://alerts.example.org' }).demo).toBe(false);
    expect(readConfig({ DEMO: '0', PUBLIC_URL: 'https://alerts.example.org' }).demo).toBe(false);
  });

  // Issue 9 row 13: demo mode answers whoever reaches it, so it is on by itself only on a loopback HOST.
  it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', 'localhost', 'LOCALHOST'])('turns the demo on by default on loopback HOST=%s', (host) => {
    expect(readConfig({ HOST: host }).demo).toBe(true);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'portal.example.org', '128.0.0.1'])('turns the demo off by default on HOST=%s, on only with DEMO=1', (host) => {
    expect(readConfig({ HOST: host, PUBLIC_URL: 'https://alerts.example.org' }).demo).toBe(false);
    expect(readConfig({ HOST: host, DEMO: '1' }).demo).toBe(true);
    expect(() => readConfig({ HOST: host })).toThrow(/^PUBLIC_URL must be set outside demo mode/);
  });

  // Issue 9 row 5: links in mails never come from a request's Host header.
  it('requires PUBLIC_URL outside demo mode, naming the variable', () => {
    for (const env of [{ DEMO: '0' }, { DATABASE_URL: 'postgres://db/portal' }, { DEMO: '0', PUBLIC_URL: '  ' }]) {
      expect(() => readConfig(env)).toThrow(ConfigError);
      expect(() => readConfig(env)).toThrow(/^PUBLIC_URL must be set outside demo mode/);
    }
    expect(readConfig({ DEMO: '1' }).publicUrl).toBeNull();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number'],
    [{ PORT: '70000' }, 'PORT must be a port number'],
    [{ DEMO: 'yes' }, 'DEMO must be 0 or 1'],
    [{ DATABASE_URL: 'mysql://db/portal' }, 'DATABASE_URL must be a postgres://'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must have at least 12 characters'],
    [{ PUBLIC_URL: 'ftp://alerts.example.org' }, 'PUBLIC_URL must be an http:// or https:// address'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL must be an http:// or https:// address'],
    [{ SMTP_URL: 'http://mail.example.org' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
    [{ SMTP_URL: 'mail.example.org:25' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
    [{ SMTP_URL: 'smtp://' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
    [{ SMTP_URL: 'smtp://mail.example.org:99999' }, 'SMTP_URL must be an smtp:// or smtps:// address'],
    [{ MAIL_FROM: 'Member portal' }, 'MAIL_FROM must be an e-mail address'],
    [{ MAIL_FROM: 'a@example.org\nBcc: b@example.org' }, 'MAIL_FROM must be an e-mail address'],
    [{ METRICS_TOKEN: '0123456789abcde' }, 'METRICS_TOKEN must have at least 16 characters'],
    [{ METRICS_TOKEN: '0123456789 abcdef' }, 'METRICS_TOKEN must have at least 16 characters'],
    [{ METRICS_TOKEN: '0123456789abcdéf' }, 'METRICS_TOKEN must have at least 16 characters'],
    [{ METRICS_PORT: 'metrics' }, 'METRICS_PORT must be a port number'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT must be a port number'],
    [{ METRICS_PORT: '65536' }, 'METRICS_PORT must be a port number'],
    [{ METRICS_PORT: '8080' }, 'METRICS_PORT must be a port number other than PORT'],
  ])('refuses %j', (env, message) => {
    expect(() => readConfig(env)).toThrow(ConfigError);
    expect(() => readConfig(env)).toThrow(message);
  });
});
