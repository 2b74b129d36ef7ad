/**
 * §7 `GET /rest/registration/statesAndCountries`: the address form's lists, the same for everyone
 * (cacheable for a day, per language).
 *
 * §7 `POST /getgeo/json` (form `orgId`, `rs`): the places an address may be, for the location
 * dialog's candidates (§4 "In the modal choose a candidate or 'show us'"). Anyone may ask (the
 * sign-up page geocodes too) with the page's CSRF token, so that other sites cannot use the portal as
 * their geocoder; the allowance and the refusals are services/geocoding/lookup.ts's, each refusal with
 * Retry-After.
 *
 * §7 `POST /rest/registration/checkGeoFenceAddress?orgId&rs` (`geoFenceStatus`, true when outside) and
 * `GET /{orgId}/addresses/withinGeoFence?longitude&latitude` (`geofence`, true when inside): whether the
 * organisation accepts a place as a member's location (schemas/rules/geoFence.ts), asked before a
 * location is kept (§4). Neither changes anything; the POST carries the page's CSRF token as every POST does.
 *
 * §7 `GET /rest/api/map/cas/token?orgId`: the key of the maps' tiles (MAP_TILE_TOKEN), for the
 * organisation's pages to put in MAP_TILE_URL's `{token}`; 404 `map.noToken` when the tiles need none.
 * Anyone may ask (the sign-up page has a map): every browser that draws those tiles sends the key anyway.
 */
import { isLanguageCode } from '../../../../schemas/languages.ts';
import {
  CheckGeoFenceAnswer, CheckGeoFenceQuery, GeocodeAnswer, GeocodeBody, MapTokenAnswer, StatesAndCountriesAnswer, StatesAndCountriesQuery,
  WithinGeoFenceAnswer, WithinGeoFenceParams, WithinGeoFenceQuery,
} from '../../../../schemas/api/places.ts';
import { answers, OrgIdQuery } from '../../../../schemas/api/common.ts';
import { withinGeoFence } from '../../../../schemas/rules/withinGeoFence.ts';
import { namedCountries } from '../../../../schemas/rules/countries.ts';
import { US_STATES } from '../../../../schemas/rules/usStates.ts';
import { noStore } from '../../../http/noStore.ts';
import type { RouteApp, RouteDeps } from '../../../http/routeDeps.ts';
import { readRsForm, readRsQuery } from '../../../http/rsForm.ts';
import { answer } from '../../../http/answer.ts';
import { lookUpAddress, RETRY_AFTER_SECONDS } from '../../../services/geocoding/lookup.ts';

export default async function placesRoutes(app: RouteApp, { db, geocoder, mapTiles }: RouteDeps) {
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
    const result = await lookUpAddress(db, geocoder, request.log, request.org, request.ip, request.body.rs);
    const retryAfter = result.ok ? undefined : RETRY_AFTER_SECONDS[result.status];
    if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
    return answer(reply, result);
  });

  app.post('/rest/registration/checkGeoFenceAddress', {
    schema: { querystring: CheckGeoFenceQuery, response: answers(CheckGeoFenceAnswer) },
    config: { org: 'query' },
    onRequest: noStore,
    preValidation: readRsQuery,
    preHandler: app.requireCsrf,
  }, async (request) => {
    const { lat, lon } = request.query.rs;
    return { geoFenceStatus: !withinGeoFence(request.org.settings, { latitude: lat, longitude: lon }) };
  });

  app.get('/:orgId/addresses/withinGeoFence', {
    schema: { params: WithinGeoFenceParams, querystring: WithinGeoFenceQuery, response: answers(WithinGeoFenceAnswer) },
    config: { org: 'path' },
    onRequest: noStore,
  }, async (request) => ({ geofence: withinGeoFence(request.org.settings, request.query) }));

  app.get('/rest/api/map/cas/token', {
    schema: { querystring: OrgIdQuery, response: answers(MapTokenAnswer) },
    config: { org: 'query' },
    onRequest: noStore,
  }, async (_request, reply) => (mapTiles?.token ? { data: { token: mapTiles.token } } : reply.code(404).send({ errorCode: 'map.noToken' })));
}
