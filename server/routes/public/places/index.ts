/**
 * §7 `GET /rest/registration/statesAndCountries`: the address form's lists, the same for everyone
 * (cacheable for a day, per language).
 *
 * §7 `POST /getgeo/json` (form `orgId`, `rs`): the places an address may be, for the location
 * dialog's candidates (§4 "In the modal choose a candidate or 'show us'"). Anyone may ask (the
 * sign-up page geocodes too) with the page's CSRF token, so that other sites cannot use the portal as
 * their geocoder; GEOCODE_PER_ADDRESS lookups per client address and organisation per window, then
 * 429 `request.throttled`. An address with neither street, city nor postal code has no candidates.
 * A geocoder that fails answers 503 `geocoding.unavailable`: the browser keeps the default centre (§8).
 */
import { answers } from '../../../../schemas/api/common.ts';
import { isLanguageCode } from '../../../../schemas/languages.ts';
import { GeocodeAnswer, GeocodeBody, StatesAndCountriesAnswer, StatesAndCountriesQuery } from '../../../../schemas/api/places.ts';
import { namedCountries } from '../../../../schemas/rules/countries.ts';
import { US_STATES } from '../../../../schemas/rules/usStates.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { readRsForm } from '../../../http/rsForm.ts';
import { claimAttempt, THROTTLE_WINDOW_MS } from '../../../repositories/throttle.ts';
import { CANDIDATE_LIMIT } from '../../../services/geocoding/index.ts';

/** Lookups one client address may make per organisation in a throttle window: the street lookup is debounced 5 s (§9), so about one every 9 s. */
export const GEOCODE_PER_ADDRESS = 100;
/** How long the browser is asked to wait after a failed lookup. */
const RETRY_AFTER_S = 30;

export default async function placesRoutes(app: RouteApp, { db, geocoder }: RouteDeps) {
  app.get('/rest/registration/statesAndCountries', {
    schema: { querystring: StatesAndCountriesQuery, response: answers(StatesAndCountriesAnswer) },
  }, async (request, reply) => {
    const { lang } = request.query;
    reply.header('cache-control', 'public, max-age=86400');
    return { states: [...US_STATES], countries: namedCountries(lang && isLanguageCode(lang) ? lang : 'en_US') };
  });

  app.post('/getgeo/json', {
    schema: { body: GeocodeBody, response: answers(GeocodeAnswer) },
    config: { org: 'body' },
    onRequest: noStore,
    preValidation: readRsForm,
    preHandler: app.requireCsrf,
  }, async (request, reply) => {
    const query = request.body.rs;
    if (![query.streetAddress, query.city, query.postalCode].some((part) => part?.trim())) return { candidates: [] };
    if ((await claimAttempt(db, request.org.orgId, `geocode:${request.ip}`, GEOCODE_PER_ADDRESS, THROTTLE_WINDOW_MS)) === null) {
      return reply.code(429).header('retry-after', String(THROTTLE_WINDOW_MS / 1000)).send({ errorCode: 'request.throttled' });
    }
    try {
      return { candidates: await geocoder.search(query, CANDIDATE_LIMIT) };
    } catch (error) {
      request.log.warn({ err: error, geocoder: geocoder.kind }, 'geocoding failed');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_S)).send({ errorCode: 'geocoding.unavailable' });
    }
  });
}
