import type { WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeoJsonPolygon } from '../../../schemas/orgSettings.generated.ts';
import { controlProps } from './controlProps.ts';
import { ReviewValue } from './ReviewValue.tsx';
import { formContextOf } from '../formContext.ts';
import { pointerOfId } from '../pointers.ts';

/**
 * A GeoJSON polygon as text (issue 13 "geofences … edited in the admin preview"): what geojson.io,
 * QGIS or a city's open-data portal export can be pasted as it is (a Polygon geometry, or a Feature
 * or FeatureCollection holding one; a third coordinate, the altitude, is dropped), and the outline
 * drawn beside it. Only a polygon goes into the form, where the settings schema checks the rest (ring
 * length, ranges; the server also closed rings); text that is no polygon stays in the box, with
 * 'admin.settings.error.geoJson' reported for the field (it blocks the save), so nothing typed is lost
 * while the administrator mends it.
 */
export function GeoJsonWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, disabled, readonly, onChange, onBlur, onFocus, registry, schema } = props;
  const context = formContextOf(registry);
  const pointer = pointerOfId(context.idPrefix, id);
  const [text, setText] = useState(() => textOf(value));
  // Another value from outside (a revert, a reset): its text replaces what was typed. Compared as
  // JSON: the form may hand back a copy of what this widget sent.
  const valueJson = JSON.stringify(value) ?? '';
  const [shown, setShown] = useState(valueJson);
  if (valueJson !== shown) {
    setShown(valueJson);
    setText(textOf(value));
  }
  const { reportAsyncError } = context;
  const notPolygon = text.trim() !== '' && polygonOf(text) === null;
  useEffect(() => {
    if (pointer === null) return;
    reportAsyncError(pointer, notPolygon ? { pointer, key: 'admin.settings.error.geoJson', params: schema.title ? { label: schema.title } : {} } : null);
  }, [pointer, notPolygon, schema.title, reportAsyncError]);
  useEffect(() => () => {
    if (pointer !== null) reportAsyncError(pointer, null);
  }, [pointer, reportAsyncError]);

  const polygon = isPolygon(value) ? value : null;
  if (context.review) return <ReviewValue text={polygon ? t('admin.settings.geoJson.points', { count: pointsOf(polygon) }) : ''} />;
  return (
    <div className="geojson">
      <textarea
        {...controlProps(props)}
        name={props.htmlName ?? id}
        className="input geojson-text"
        rows={8}
        spellCheck={false}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          const parsed = typed.trim() === '' ? undefined : polygonOf(typed);
          if (parsed === null) return;
          setShown(JSON.stringify(parsed) ?? '');
          onChange(parsed);
        }}
        onBlur={() => onBlur(id, value)}
        onFocus={() => onFocus(id, value)}
      />
      {polygon && !notPolygon && <Outline polygon={polygon} label={t('admin.settings.geoJson.points', { count: pointsOf(polygon) })} />}
    </div>
  );
}

/** The rings as a line each: readable, and short enough to mend by hand. */
export function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (!isPolygon(value)) return '';
  const rings = value.coordinates.map((ring) => `    ${JSON.stringify(ring).replaceAll('],[', '], [')}`);
  const coordinates = rings.length === 0 ? '[]' : `[\n${rings.join(',\n')}\n  ]`;
  return `{\n  "type": "Polygon",\n  "coordinates": ${coordinates}\n}`;
}

/**
 * The polygon `text` holds (a Polygon geometry, or the one polygon of a Feature or FeatureCollection),
 * its positions as [longitude, latitude]; null when it holds none.
 */
export function polygonOf(text: string): GeoJsonPolygon | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  const object = parsed as { type?: unknown; geometry?: unknown; features?: { geometry?: unknown }[] } | null;
  let geometry: unknown = object;
  if (object?.type === 'Feature') geometry = object.geometry;
  else if (object?.type === 'FeatureCollection' && Array.isArray(object.features) && object.features.length === 1) geometry = object.features[0]?.geometry;
  if (!isPolygon(geometry)) return null;
  return { type: 'Polygon', coordinates: geometry.coordinates.map((ring) => ring.map(([lon, lat]) => [lon, lat] as [number, number])) };
}

/** A Polygon geometry in its shape: rings of positions of at least two numbers (ranges and lengths are the schema's to check). */
function isPolygon(value: unknown): value is GeoJsonPolygon {
  const polygon = value as GeoJsonPolygon | null;
  return polygon?.type === 'Polygon' && Array.isArray(polygon.coordinates)
    && polygon.coordinates.every((ring) => Array.isArray(ring) && ring.every((p) => Array.isArray(p) && p.length >= 2 && typeof p[0] === 'number' && typeof p[1] === 'number'));
}

const pointsOf = (polygon: GeoJsonPolygon) => polygon.coordinates.reduce((sum, ring) => sum + Math.max(ring.length - 1, 0), 0);

/** The outline, north up, east and west shortened as far from the equator as a map's would be; holes left empty. */
function Outline({ polygon, label }: { polygon: GeoJsonPolygon; label: string }) {
  const positions = polygon.coordinates.flat();
  if (positions.length === 0) return null;
  const lats = positions.map((p) => p[1]);
  const lons = positions.map((p) => p[0]);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const shrink = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const width = Math.max((east - west) * shrink, 1e-6);
  const height = Math.max(north - south, 1e-6);
  const scale = 100 / Math.max(width, height);
  const d = polygon.coordinates
    .map((ring) => `M${ring.map(([lon, lat]) => `${((lon - west) * shrink * scale).toFixed(2)} ${((north - lat) * scale).toFixed(2)}`).join('L')}Z`)
    .join('');
  return (
    <svg className="geojson-outline" role="img" aria-label={label} viewBox={`-4 -4 ${width * scale + 8} ${height * scale + 8}`}>
      <path d={d} fillRule="evenodd" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}
