import type { WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formContextOf } from '../formContext.ts';
import { MAP_MARKER_STEP as MARKER_STEP, type LocationWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import { coordinateOf, mapOptionsOf, stepCoordinate } from './locationOptions.ts';

/** Leaflet is loaded with the first map shown, not with every screen that has a form. */
const LocationMap = lazy(() => import('./LocationMap.tsx'));

type Direction = 'north' | 'south' | 'west' | 'east';

const STEPS: Record<Direction, { lat: number; lon: number }> = {
  north: { lat: MARKER_STEP, lon: 0 },
  south: { lat: -MARKER_STEP, lon: 0 },
  west: { lat: 0, lon: -MARKER_STEP },
  east: { lat: 0, lon: MARKER_STEP },
};

const KEYS: Record<string, Direction> = { ArrowUp: 'north', ArrowDown: 'south', ArrowLeft: 'west', ArrowRight: 'east' };

/**
 * §2 the location map (the `location` widget's, LocationWidget.tsx, and the verify dialog's), on an
 * address object whose `lat` and `lon` it reads and writes: a draggable marker with an info window, view-only when
 * the field is read-only or `ui:options.viewOnly`, hidden when `ui:options.enabled` is false
 * (isEB360MapEnabled). WCAG 2.5.7: the marker also moves without dragging, by a focusable control
 * that takes the arrow keys and by four buttons, one §9 drag offset (0.001°) a step.
 */
export function MarkerMap(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, options, readonly, disabled, registry } = props;
  const context = formContextOf(registry);
  const [announcement, setAnnouncement] = useState('');
  const instructionsId = useId();
  const data = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const lat = coordinateOf(data.lat);
  const lon = coordinateOf(data.lon);
  const marker = lat !== null && lon !== null ? { lat, lon } : null;
  const map = mapOptionsOf(options as Partial<LocationWidgetOptions>);
  const viewOnly = Boolean(readonly || disabled || options.viewOnly || context.review);

  const place = (nextLat: number, nextLon: number) => {
    onChange({ ...data, lat: nextLat, lon: nextLon });
    setAnnouncement(t('form.location.position', { lat: nextLat.toFixed(6), lon: nextLon.toFixed(6) }));
  };

  if (options.enabled === false) return null;

  const step = (direction: Direction) => {
    if (!marker) return;
    place(stepCoordinate(marker.lat, STEPS[direction].lat, 'lat'), stepCoordinate(marker.lon, STEPS[direction].lon, 'lon'));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const direction = KEYS[event.key];
    if (!direction) return;
    event.preventDefault();
    step(direction);
  };
  const position = marker ? t('form.location.position', { lat: marker.lat.toFixed(6), lon: marker.lon.toFixed(6) }) : t('form.location.noPosition');

  return (
    <div className="location-widget">
      <Suspense fallback={<div className="location-map-loading" style={{ height: `${map.height}px` }}>{t('loading')}</div>}>
        <LocationMap
          map={map}
          marker={marker}
          draggable={!viewOnly}
          onMove={place}
          markerLabel={t('form.location.marker')}
          popup={[typeof data.locationName === 'string' ? data.locationName : '', position].filter(Boolean).join(' — ')}
          label={t('form.location.map')}
        />
      </Suspense>
      {viewOnly ? null : marker ? (
        <div className="marker-controls" role="group" aria-label={t('form.location.controls')}>
          <p id={instructionsId} className="field-help">{t('form.location.instructions')}</p>
          <button type="button" id={`${id}__marker`} className="button marker-handle" aria-describedby={instructionsId} onKeyDown={onKeyDown}>
            {t('form.location.marker')}: {position}
          </button>
          <div className="marker-steps">
            {(['north', 'west', 'east', 'south'] as const).map((direction) => (
              <button key={direction} type="button" className="button button-small" onClick={() => step(direction)}>
                {t(`form.location.move.${direction}`)}
              </button>
            ))}
          </div>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => place(map.center.lat, map.center.lon)}>
          {t('form.location.place')}
        </button>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">{announcement}</p>
    </div>
  );
}
