/**
 * Issue 11 "help texts may be given per language in the organisation's settings, falling back to the
 * default language": which tip a member gets, and the language it is marked with.
 */
import { describe, expect, it } from 'vitest';
import orgSettingsSchema from '../../schemas/org-settings.schema.json' with { type: 'json' };
import { HELP_TYPES } from '../../schemas/helpTypes.ts';
import { LANGUAGES } from '../../schemas/languages.ts';
import { resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { helpTip } from '../../server/services/pageContent.ts';

const settings = resolveOrgSettings({
  orgName: 'Springfield',
  helpTranslations: [
    { lang: 'es_ES', type: 'login', content: '<p>Inicie sesión.</p><script>alert(1)</script>' },
    { lang: 'ar_SA', type: 'new', content: '<p>أنشئ حسابك.</p>' },
  ],
});
const data = { organization: { settings }, helpTips: new Map([['login', '<p>Sign in.</p>'], ['new', '<p>Create your account.</p>']]) };

describe('helpTip', () => {
  it.each([
    ['the tip given in the member language', 'login', 'es_ES', { content: '<p>Inicie sesión.</p>', lang: 'es_ES' }],
    ['another page falls back to the default language', 'new', 'es_ES', { content: '<p>Create your account.</p>', lang: 'en_US' }],
    ['another language falls back', 'login', 'de_DE', { content: '<p>Sign in.</p>', lang: 'en_US' }],
    ['no language asked: the default', 'login', undefined, { content: '<p>Sign in.</p>', lang: 'en_US' }],
    ['Arabic given for sign-up', 'new', 'ar_SA', { content: '<p>أنشئ حسابك.</p>', lang: 'ar_SA' }],
    ['no tip at all', 'home', 'es_ES', { content: null, lang: 'en_US' }],
  ])('%s', (_name, type, lang, expected) => {
    expect(helpTip(data, type, lang)).toEqual(expected);
  });

  it('marks the fallback with the organisation defaultLanguage', () => {
    const french = { ...data, organization: { settings: resolveOrgSettings({ orgName: 'Ville', defaultLanguage: 'fr_CA' }) } };
    expect(helpTip(french, 'login', 'es_ES')).toEqual({ content: '<p>Sign in.</p>', lang: 'fr_CA' });
  });

  it('settings without the new fields keep working (defaults: en_US, no tips per language)', () => {
    const old = resolveOrgSettings({ orgName: 'Old' });
    expect(old.defaultLanguage).toBe('en_US');
    expect(old.helpTranslations).toEqual([]);
  });
});

describe('the settings schema', () => {
  it('offers the languages of §9 and the help types of §2', () => {
    const { defaultLanguage, helpTranslations } = orgSettingsSchema.properties;
    expect(defaultLanguage.enum).toEqual(LANGUAGES.map((l) => l.lang).sort());
    expect(helpTranslations.items.properties.lang.enum).toEqual(LANGUAGES.map((l) => l.lang).sort());
    expect(helpTranslations.items.properties.type.enum).toEqual([...HELP_TYPES]);
  });
});
