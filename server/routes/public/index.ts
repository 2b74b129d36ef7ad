/**
 * The public scope: calls anyone may make, signed in or not (health, boot, feature flags,
 * catalogues and language, help tips, banner, legal pages, form validators, geocoding, states and countries,
 * notifications, weather alerts, FAQ and overview, documents, events). No hook of its own.
 * A new domain of this kind is one folder here, listed below.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteDeps } from '../../http/routeDeps.ts';
import content from './content/index.ts';
import events from './events/index.ts';
import featureFlags from './featureFlags/index.ts';
import files from './files/index.ts';
import forms from './forms/index.ts';
import places from './places/index.ts';
import health from './health/index.ts';
import i18n from './i18n/index.ts';
import init from './init/index.ts';
import pages from './pages/index.ts';

const DOMAINS = [health, init, featureFlags, i18n, pages, forms, places, content, files, events];

export default async function publicScope(app: FastifyInstance, deps: RouteDeps) {
  for (const domain of DOMAINS) await app.register(domain, deps);
}
