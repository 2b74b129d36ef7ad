/**
 * §5 "Access key: a non-empty accessKey in the URL is saved in an org-scoped cookie unless equal to
 * stored and user logged in", and the key the init call sends (§7 `GET /rest/init?orgId&accessKey`).
 */
import { describe, expect, it } from 'vitest';
import { accessKeyForInit, accessKeyToStore } from '../../src/app/accessKey.ts';

describe('accessKeyToStore (§5)', () => {
  const rows: [string | null, string | null, boolean, string | null, string][] = [
    ['k1', null, false, 'k1', 'a URL key with nothing stored is saved'],
    ['k1', null, true, 'k1', 'a URL key with nothing stored is saved, signed in or not'],
    ['k2', 'k1', false, 'k2', 'a URL key other than the stored one replaces it'],
    ['k2', 'k1', true, 'k2', 'a URL key other than the stored one replaces it even when signed in'],
    ['k1', 'k1', true, null, '"unless equal to stored and user logged in"'],
    ['k1', 'k1', false, 'k1', 'equal to the stored one but not signed in: saved again'],
    ['', 'k1', false, null, 'an empty URL key is not saved'],
    ['', null, true, null, 'an empty URL key is not saved'],
    [null, 'k1', false, null, 'no URL key: the stored one stays as it is'],
    [null, null, false, null, 'no key anywhere: nothing to save'],
  ];
  it.each(rows)('url %j, stored %j, logged in %j → %j (%s)', (urlKey, storedKey, loggedIn, expected) => {
    expect(accessKeyToStore(urlKey, storedKey, loggedIn)).toBe(expected);
  });
});

describe('accessKeyForInit (§7 init sends the URL\'s accessKey, else the stored one)', () => {
  const rows: [string | null, string | null, string | null][] = [
    ['k2', 'k1', 'k2'],
    ['k2', null, 'k2'],
    [null, 'k1', 'k1'],
    ['', 'k1', 'k1'],
    [null, '', null],
    [null, null, null],
  ];
  it.each(rows)('url %j, stored %j → %j', (urlKey, storedKey, expected) => {
    expect(accessKeyForInit(urlKey, storedKey)).toBe(expected);
  });
});
