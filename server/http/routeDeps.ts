/** What every route scope is given by app.ts: the route's dependencies are arguments (STYLE.md principle 2). */
import type { MapTiles } from '../config.ts';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyBaseLogger, FastifyInstance, RawReplyDefaultExpression, RawRequestDefaultExpression, RawServerDefault } from 'fastify';
import type { Db } from '../db/client.ts';
import type { PortalMetrics } from '../plugins/metrics.ts';
import type { Captcha } from '../services/captcha.ts';
import type { Delivery } from '../services/delivery/createDelivery.ts';
import type { Geocoder } from '../services/geocoding/index.ts';
import type { Mailer } from '../services/mail.ts';
import type { OrgCache } from '../services/orgCache.ts';

export interface RouteDeps {
  db: Db;
  mailer: Mailer;
  /** Sends to a contact path through its adapter (SMS, voice, Slack, e-mail) or to the delivery outbox. */
  delivery: Delivery;
  /** The test notification's captcha: ALTCHA, or reCAPTCHA where configured (services/captcha.ts). */
  captcha: Captcha;
  /** Addresses to places (`POST /getgeo/json`): GEOCODER_URL's Nominatim, or the offline gazetteer; answers kept a while (services/geocoding/). */
  geocoder: Geocoder;
  /** What routes count beyond requests (login outcomes): plugins/metrics.ts. */
  metrics: PortalMetrics;
  /** Organisation settings, flags, help tips and banners from memory; a write invalidates through it (services/orgCache.ts). */
  orgCache: OrgCache;
  /** The portal's public address for links in e-mails (PUBLIC_URL); null only in demo mode: the address the server listens on. */
  publicUrl: string | null;
  serverVersion: string;
  /** The maps' tiles (MAP_TILE_URL); null: OpenStreetMap's. */
  mapTiles: MapTiles | null;
  /** Demo mode (DEMO): the demo scope answers only then. */
  demo: boolean;
}

/**
 * The Fastify instance a domain registers its routes on (issue 8 item 5): with the TypeBox type
 * provider, a route's request and reply types are derived from the schemas/api schemas it declares,
 * never written by hand. Types only: the schemas are validated by Fastify's own ajv as before.
 */
export type RouteApp = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, TypeBoxTypeProvider>;
