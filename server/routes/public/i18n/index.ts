/**
 * §7 `GET /public/i18n/{lang}.json?version={build}` (the message catalogues of public/i18n/) and
 * `POST /changeLanguage/{lang}` (§4 "Language change: stored on the server, then a cookie is set").
 */
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import { answers, media, refusals } from '../../../../schemas/api/common.ts';
import { Catalogue, CatalogueQuery, ChangeLanguageAnswer, LanguageParams } from '../../../../schemas/api/i18n.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { changeSessionLanguage, LANGUAGE_COOKIE } from '../../../services/language.ts';

const catalogueDir = new URL('../../../../public/i18n/', import.meta.url);

/**
 * A catalogue as read and as the two encodings browsers accept (issue 10 item 3 "a slow phone": the
 * English catalogue's 48 kB cross the wire as about 11 kB). Made once per language, on its first request.
 */
type Encoded = { identity: Buffer; br: Buffer; gzip: Buffer };
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

async function encodeCatalogue(lang: string): Promise<Encoded> {
  const identity = await readFile(new URL(`${lang}.json`, catalogueDir));
  const [br, gzipped] = await Promise.all([
    promisify(brotliCompress)(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    promisify(gzip)(identity, { level: 9 }),
  ]);
  return { identity, br, gzip: gzipped };
}

export default async function i18nRoutes(app: RouteApp, { db }: RouteDeps) {
  // One entry per language at most: the route's schema admits only the 27 language codes.
  const cache = new Map<string, Promise<Encoded>>();

  app.get('/public/i18n/:lang.json', {
    // The catalogue is sent as the file's bytes, never re-serialized; its schema describes them.
    schema: { params: LanguageParams, querystring: CatalogueQuery, response: { 200: media('application/json', Catalogue), ...refusals() } },
  }, async (request, reply) => {
    const { lang } = request.params;
    let file = cache.get(lang);
    if (!file) {
      file = encodeCatalogue(lang);
      cache.set(lang, file);
      file.catch(() => cache.delete(lang));
    }
    const encoded = await file.catch(() => null);
    if (!encoded) return reply.code(404).send({ errorCode: 'i18n.notFound' });
    const encoding = negotiate(request.headers['accept-encoding'] ?? '', [...ENCODINGS]) ?? 'identity';
    reply.header('vary', 'accept-encoding');
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    // A versioned address names one build's catalogue and may be cached; a bare one must be revalidated.
    reply.header('cache-control', request.query.version ? 'public, max-age=3600' : 'no-cache');
    return reply.type('application/json; charset=utf-8').send(encoded[encoding]);
  });

  app.post('/changeLanguage/:lang', {
    schema: { params: LanguageParams, response: answers(ChangeLanguageAnswer) },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    // Storing the language is what makes a visitor's session (issue 9 row 9).
    const session = await request.session.ensure(reply);
    await changeSessionLanguage(db, session.sessionHash, request.params.lang);
    reply.setCookie(LANGUAGE_COOKIE, request.params.lang, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, secure: request.protocol === 'https' });
    return { status: 'ok', language: request.params.lang };
  });
}
