import { lazy, Suspense } from 'react';
import { LoadingBar } from '../ui/LoadingBar.tsx';
import type { SchemaFormProps } from './SchemaForm.tsx';

// Asked for as soon as a screen with a form is evaluated, beside the screen's own work.
const renderer = import('./SchemaForm.tsx');
const Renderer = lazy(() => renderer.then((module) => ({ default: module.SchemaForm })));

/**
 * A point on the map outside a form (widgets/PointPicker.tsx), in the renderer's chunk: its map is
 * the location widget's, so a chunk of its own would split that out of the renderer for every form page.
 */
export const PointPicker = lazy(() => renderer.then((module) => ({ default: module.PointPicker })));

/**
 * `SchemaForm`, loaded when a form is first drawn (issue 10 item 3 "a slow phone"): a screen's own
 * script stays small, so the screen runs, builds its form and asks for the form's validator module
 * (useBuiltForm.ts) while the renderer (rjsf, the widgets: most of a form page's bytes) is still loading.
 */
export function SchemaForm<T = Record<string, unknown>>(props: SchemaFormProps<T>) {
  return (
    <Suspense fallback={<LoadingBar />}>
      <Renderer {...(props as unknown as SchemaFormProps<unknown>)} />
    </Suspense>
  );
}
