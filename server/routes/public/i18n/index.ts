/**
 * §7 `GET /public/i18n/{lang}.json?version={build}` (the message catalogues of public/i18n/) and
 * `POST /changeLanguage/{lang}` (§4 "Language change: stored on the server, then a cookie is set").
 */
import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type LanguageCode } from '../../../../schemas/languages.ts';
import type { RouteDeps } from '../../../http/routeDeps.ts';
import { changeSessionLanguage, LANGUAGE_COOKIE } from '../../../services/language.ts';

const catalogueDir = new URL('../../../../public/i18n/', import.meta.url);
const langEnum = LANGUAGES.map((l) => l.lang);

export default async function i18nRoutes(app: FastifyInstance, { db }: RouteDeps) {
  const cache = new Map<string, Promise<Buffer>>();

  app.get<{ Params: { lang: LanguageCode }; Querystring: { version?: string } }>('/public/i18n/:lang.json', {
    schema: {
      params: { type: 'object', required: ['lang'], properties: { lang: { enum: langEnum } } },
      querystring: { type: 'object', properties: { version: { type: 'string', maxLength: 100 } } },
    },
  }, async (request, reply) => {
    const { lang } = request.params;
    let file = cache.get(lang);
    if (!file) {
      file = readFile(new URL(`${lang}.json`, catalogueDir));
      cache.set(lang, file);
      file.catch(() => cache.delete(lang));
    }
    const body = await file.catch(() => null);
    if (!body) return reply.code(404).send({ errorCode: 'i18n.notFound' });
    // A versioned address names one build's catalogue and may be cached; a bare one must be revalidated.
    reply.header('cache-control', request.query.version ? 'public, max-age=3600' : 'no-cache');
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.post<{ Params: { lang: LanguageCode } }>('/changeLanguage/:lang', {
    schema: { params: { type: 'object', required: ['lang'], properties: { lang: { enum: langEnum } } } },
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const session = await request.session.current();
    await changeSessionLanguage(db, session!.sessionHash, request.params.lang);
    reply.setCookie(LANGUAGE_COOKIE, request.params.lang, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 3600, secure: request.protocol === 'https' });
    return { status: 'ok', language: request.params.lang };
  });
}
