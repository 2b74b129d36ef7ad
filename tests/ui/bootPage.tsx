import { cleanup, render } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { registry } from '../../screens.config.ts';
import { Boot } from '../../src/app/Boot.tsx';
import { visit } from './visit.ts';

/**
 * A page load of the whole app at `path` of the test server: the previous page goes, a fresh SWR
 * cache comes, as in a browser tab.
 */
export function bootPage(path: string) {
  cleanup();
  visit(path);
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <Boot location={window.location} registry={registry} />
    </SWRConfig>,
  );
}
