/**
 * Issue 10 item 3: as the app starts, the script of the screen an address shows starts loading
 * (src/app/prefetchScreen.ts). Over the real screens.config.ts: which screen each address asks for.
 */
import { describe, expect, it } from 'vitest';
import { registry } from '../../screens.config.ts';
import { prefetchScreen } from '../../src/app/prefetchScreen.ts';

/** The ids of the screens whose script `pathname` asks for (each screen's own loader, observed, not called). */
function prefetched(pathname: string): string[] {
  const asked: string[] = [];
  const screens = registry.screens.map((screen) => ({
    path: screen.path,
    load: () => {
      asked.push(screen.id);
      return Promise.reject(new Error('not loaded in a unit test'));
    },
  }));
  prefetchScreen(screens, pathname);
  return asked;
}

describe('prefetchScreen', () => {
  it.each([
    ['/springfield/login', ['login']],
    ['/springfield/login/sso', ['loginSso']],
    ['/acme/new', ['signUp']],
    ['/acme/new/account/review', ['signUpReview']],
    ['/springfield/notif/42', ['notificationDetail']],
    ['/springfield/cm/taskList', ['crisisTask']],
    ['/springfield/travel/anything/below', ['travel']],
    ['/springfield/nowhere', []],
    ['/springfield', []],
  ])('%s loads the script of %j', (pathname, ids) => {
    expect(prefetched(pathname)).toEqual(ids);
  });
});
