import type { Registry, WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { MAP_DEFAULTS } from '../../../schemas/forms/widgetOptions.ts';
import { MarkerMap } from './MarkerMap.tsx';

const ignore = () => {};
/** No form around it: the map reads an empty form context (no geocoder, not in review). */
const NO_FORM = { formContext: undefined } as unknown as Registry;

/**
 * A point on the map outside any form (the "Would this alert reach me?" panel's area): the marker
 * map of the location fields (MarkerMap.tsx) with its keyboard and button controls (WCAG 2.5.7),
 * opening on `center` (the organisation's area or §9's default centre). In the form renderer's chunk
 * (forms/index.ts `PointPicker`, through LazySchemaForm.tsx), Leaflet only once it draws.
 */
export interface PointPickerProps {
  id: string;
  point: { lat: number; lon: number } | null;
  center?: { lat: number; lng: number };
  zoom?: number;
  onChange: (point: { lat: number; lon: number }) => void;
}

export function PointPicker({ id, point, center, zoom, onChange }: PointPickerProps) {
  const { t } = useTranslation();
  return (
    <MarkerMap
      id={id}
      name="point"
      value={point ?? {}}
      onChange={(value: { lat?: number; lon?: number }) => {
        if (typeof value.lat === 'number' && typeof value.lon === 'number') onChange({ lat: value.lat, lon: value.lon });
      }}
      options={{
        ...MAP_DEFAULTS, height: 300, center: center ?? MAP_DEFAULTS.center,
        zoom: { singleMarker: MAP_DEFAULTS.zoom.singleMarker, world: zoom ?? MAP_DEFAULTS.zoom.world },
      } as unknown as WidgetProps['options']}
      registry={NO_FORM}
      schema={{ type: 'object' }}
      uiSchema={{}}
      label={t('form.location.map')}
      onBlur={ignore}
      onFocus={ignore}
    />
  );
}
