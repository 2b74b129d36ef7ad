/**
 * Issue 10 item 2 "each page loads only what it draws": the GeoJSON widget (GeoJsonWidget.tsx: its
 * parsing, its checks and the outline) is drawn only by the admin page's geofences, so its code is a
 * chunk of its own, fetched when the first one is drawn. Until it has arrived (or if it cannot be
 * fetched) the field shows the polygon as JSON text, read only: a polygon is never edited as text
 * that no code checks.
 */
import type { WidgetProps } from '@rjsf/utils';
import { onDemand } from '../onDemand.tsx';
import { controlProps } from './controlProps.ts';

function GeoJsonFallback(props: WidgetProps) {
  return (
    <textarea
      {...controlProps(props)}
      name={props.htmlName ?? props.id}
      className="input geojson-text"
      rows={8}
      readOnly
      value={props.value === undefined ? '' : JSON.stringify(props.value)}
    />
  );
}

export const LazyGeoJsonWidget = onDemand<WidgetProps>(
  () => import('./GeoJsonWidget.tsx').then((module) => module.GeoJsonWidget),
  GeoJsonFallback,
  'GeoJsonWidget',
).Component;
