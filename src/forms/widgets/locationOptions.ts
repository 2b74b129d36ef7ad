import { MAP_DEFAULTS, type LocationWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import { siteMapTiles } from '../../ui/mapTiles.ts';

export interface MapOptions {
  center: { lat: number; lon: number };
  zoom: { singleMarker: number; world: number };
  height: number;
  tileUrl: string;
  attribution: string;
  /** The key of the site's tiles (Leaflet puts it where the url says `{token}`). */
  tileToken?: string;
}

const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The map's settings from the builder's `ui:options` (LocationWidgetOptions, schemas/forms/widgetOptions.ts),
 * each defaulting to §9 (MAP_DEFAULTS there): `center` ({ lat, lng }), `zoom` ({ singleMarker, world }),
 * `height` (px), `tileUrl`, `tileAttribution`.
 */
export function mapOptionsOf(options: Partial<LocationWidgetOptions>): MapOptions {
  return {
    center: {
      lat: num(options.center?.lat) ?? MAP_DEFAULTS.center.lat,
      lon: num(options.center?.lng) ?? MAP_DEFAULTS.center.lng,
    },
    zoom: {
      singleMarker: num(options.zoom?.singleMarker) ?? MAP_DEFAULTS.zoom.singleMarker,
      world: num(options.zoom?.world) ?? MAP_DEFAULTS.zoom.world,
    },
    height: num(options.height) ?? MAP_DEFAULTS.height,
    tileUrl: typeof options.tileUrl === 'string' && options.tileUrl ? options.tileUrl : siteMapTiles().tileUrl,
    attribution: typeof options.tileAttribution === 'string' ? options.tileAttribution : siteMapTiles().attribution,
    ...(siteMapTiles().token ? { tileToken: siteMapTiles().token } : {}),
  };
}

/** A coordinate of the value, or null when there is none (§5 "view on map hidden when both coordinates null"). */
export function coordinateOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  return null;
}

/** One keyboard step: rounded to 6 decimals (no drift from repeated steps), latitude within ±90, longitude wrapped into ±180. */
export function stepCoordinate(value: number, delta: number, axis: 'lat' | 'lon'): number {
  let next = Math.round((value + delta) * 1e6) / 1e6;
  if (axis === 'lat') next = Math.min(90, Math.max(-90, next));
  else if (next > 180) next -= 360;
  else if (next < -180) next += 360;
  return Math.round(next * 1e6) / 1e6;
}
