/**
 * Issue 11 "messages people would write": plural-aware messages through i18next plurals (the
 * language's CLDR forms, the spec's keys as bases), the contact-path minimum stated before the
 * contact fields, and the 'use as is' phone box explained beside it. Each row asserts the exact text.
 */
import { cleanup, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FORM_BUILDERS } from '../../../schemas/forms/formBuilders.ts';
import type { BuiltForm } from '../../../schemas/forms/types.ts';
import { translateFieldError } from '../../../src/forms/translate.ts';
import { formFixtures } from '../../fixtures/formFlags.ts';
import { formI18n } from './formI18n.ts';
import { renderForm } from './renderForm.tsx';

const catalogue = (lang: string) => JSON.parse(readFileSync(join(process.cwd(), 'public/i18n', `${lang}.json`), 'utf8')) as Record<string, string>;

/** i18next as the app sets it up (src/i18n/i18n.ts): flat keys, en_US filling in. */
const i18nFor = (lang: string): Promise<I18n> => formI18n(lang, lang === 'en_US' ? undefined : catalogue(lang));

afterEach(cleanup);

const fixture = (id: string) => formFixtures.find((f) => f.id === id)!;
const signUp = (id: string): BuiltForm => FORM_BUILDERS.signUp.build(fixture(id).settings, fixture(id).flags, 'signup');

describe('plural messages, as the form shows them', () => {
  // The contact-path error, from the validator's own error object (params.count: the minimum).
  it.each([
    ['en_US', 1, 'Please provide at least 1 way to reach you.'],
    ['en_US', 2, 'Please provide at least 2 ways to reach you.'],
    ['fr_FR', 1, 'Veuillez indiquer au moins 1 moyen de vous joindre.'],
    ['fr_FR', 3, 'Veuillez indiquer au moins 3 moyens de vous joindre.'],
    ['ru_RU', 1, 'Укажите хотя бы 1 способ связи с вами.'],
    ['ru_RU', 3, 'Укажите хотя бы 3 способа связи с вами.'],
    ['ru_RU', 5, 'Укажите хотя бы 5 способов связи с вами.'],
    ['ru_RU', 21, 'Укажите хотя бы 21 способ связи с вами.'],
    ['ar_SA', 1, 'يُرجى تقديم وسيلة واحدة على الأقل للتواصل معك.'],
    ['ar_SA', 2, 'يُرجى تقديم وسيلتين على الأقل للتواصل معك.'],
    ['ar_SA', 3, 'يُرجى تقديم 3 وسائل على الأقل للتواصل معك.'],
    ['ar_SA', 11, 'يُرجى تقديم 11 وسيلةً على الأقل للتواصل معك.'],
    ['ar_SA', 100, 'يُرجى تقديم 100 وسيلة على الأقل للتواصل معك.'],
    ['ja_JP', 1, '連絡方法を 1 件以上指定してください。'],
  ])('%s, minimum %i: %s', async (lang, count, text) => {
    const i18n = await i18nFor(lang);
    expect(translateFieldError(i18n.t, { pointer: '', key: 'new.registration.signup.create.contactpath.error', params: { count } })).toBe(text);
  });

  // Lengths: ajv's parameter is `limit`; it is handed to i18next as the count.
  it.each([
    ['en_US', 'jquery.validation.minlength', 1, 'Please enter at least 1 character.'],
    ['en_US', 'jquery.validation.minlength', 4, 'Please enter at least 4 characters.'],
    ['en_US', 'jquery.validation.maxlength', 1, 'Please enter no more than 1 character.'],
    ['de_DE', 'jquery.validation.maxlength', 100, 'Bitte geben Sie höchstens 100 Zeichen ein.'],
    ['ru_RU', 'jquery.validation.minlength', 4, 'Введите не менее 4 символов.'],
    ['ru_RU', 'jquery.validation.maxlength', 1, 'Введите не более 1 символа.'],
    ['ar_SA', 'jquery.validation.maxlength', 1, 'يُرجى إدخال حرف واحد على الأكثر.'],
    ['ar_SA', 'jquery.validation.minlength', 4, 'يُرجى إدخال ما لا يقل عن 4 أحرف.'],
    ['es_ES', 'jquery.validation.minlength', 1, 'Introduzca al menos 1 carácter.'],
  ])('%s %s, limit %i: %s', async (lang, key, limit, text) => {
    const i18n = await i18nFor(lang);
    expect(translateFieldError(i18n.t, { pointer: '/username', key, params: { limit } })).toBe(text);
  });
});

describe('the contact-path minimum, before the contact fields', () => {
  it.each([
    ['springfield', 'en_US', 'Fill in at least 1 way to reach you.'],
    ['acme', 'en_US', 'Fill in at least 2 ways to reach you.'],
    ['acme', 'ar_SA', 'املأ وسيلتين على الأقل للتواصل معك.'],
    ['springfield', 'ru_RU', 'Заполните хотя бы 1 способ связи с вами.'],
    ['min-above-exposed', 'en_US', 'Fill in at least 2 ways to reach you.'],
  ])('%s in %s: %s', async (id, lang, text) => {
    const i18n = await i18nFor(lang);
    renderForm(i18n, signUp(id));
    const section = screen.getByRole('region', { name: i18n.t('signup.section.contact') });
    const intro = section.querySelector('.form-section-intro');
    expect(intro?.textContent).toBe(text);
    // Said before the first contact field.
    const firstField = section.querySelector('input, select')!;
    expect(intro!.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('is not said when there is no minimum (minSignup 0)', async () => {
    const { settings, flags } = fixture('springfield');
    renderForm(await i18nFor('en_US'), FORM_BUILDERS.signUp.build({ ...settings, minSignup: 0 }, flags, 'signup'));
    expect(screen.getByRole('region', { name: 'Contact information' })).toBeInstanceOf(HTMLElement);
    expect(document.querySelector('.form-section-intro')).toBeNull();
  });

  it('is said above the profile\'s contact paths too (acme: 2), tied to the list', async () => {
    const { settings, flags } = fixture('acme');
    renderForm(await i18nFor('en_US'), FORM_BUILDERS.contactPaths.build(settings, flags, 'edit'));
    const line = screen.getByText('Fill in at least 2 ways to reach you.');
    const list = document.querySelector('ol.contact-paths')!;
    expect(list.getAttribute('aria-describedby')).toBe(line.id);
  });
});

describe("the 'use as is' phone box, explained", () => {
  it.each([
    ['en_US', 'Saves the digits just as you typed them, without formatting them or checking that the number is valid in the selected country. It needs 4 to 20 digits.'],
    ['de_DE', 'Speichert die Ziffern genau so, wie Sie sie eingegeben haben, ohne sie zu formatieren oder zu prüfen, ob die Nummer im gewählten Land gültig ist. Sie muss 4 bis 20 Ziffern haben.'],
  ])('%s: next to the box, and its description', async (lang, text) => {
    const i18n = await i18nFor(lang);
    const form: BuiltForm = {
      schema: {
        type: 'object',
        properties: {
          mobile: {
            type: 'object', title: 'test.phone',
            properties: { value: { type: 'string' }, countryCode: { type: 'string' }, noValidate: { type: 'boolean' } },
            default: { value: '', countryCode: 'US', noValidate: true },
            phoneNumber: { mandatory: true, pathType: 'PHONE' },
          },
        },
      },
      uiSchema: { mobile: { 'ui:widget': 'phone' } },
    };
    renderForm(i18n, form);
    const box = await screen.findByRole('checkbox', { name: i18n.t('form.phone.useAsIs') });
    const help = within(box.closest('.phone-bypass') as HTMLElement).getByText(text);
    expect(box.getAttribute('aria-describedby')?.split(' ')).toContain(help.id);
  });
});
