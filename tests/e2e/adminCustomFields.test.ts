/**
 * Issue 11, "custom fields defined by the admin", in Chromium against the real server: the
 * administrator adds a custom field in the profile section (name, display format, values), sees it
 * in the preview's additional-information form at once, is told by name what a list without values
 * lacks, and saves it; the server gives it its id, which the editor then shows read-only.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import en from '../../public/i18n/en_US.json' with { type: 'json' };
import { screenshot, useBrowser } from './browser.ts';
import { adminSignIn, storedSettings } from './portal.ts';

const baseURL = inject('baseURL');
const chromiumPath = inject('chromiumPath');

const customFieldsOf = (page: Page) => page.locator('section.admin-settings')
  .getByRole('group', { name: en['admin.settings.label.customFields'], exact: true });

describe.skipIf(!chromiumPath)('custom fields defined by the administrator', () => {
  const browser = useBrowser(chromiumPath);

  it('adds a list field, sees it in the preview, is told it needs values, and saves it with an id from the server', async () => {
    const page = browser.page;
    await adminSignIn(page, baseURL);
    await page.locator('.admin-bar select').first().selectOption('acme');
    const before = await storedSettings(page, 'acme');
    const ids = (before.settings.customFields as { attrId: number }[]).map((field) => field.attrId);

    // The list sits in the profile section, its own fields labelled in the administrator's words.
    const list = customFieldsOf(page);
    await list.waitFor();
    const profile = page.locator('section.admin-settings').getByRole('region', { name: en['admin.settings.section.profile'] });
    expect(await profile.getByRole('group', { name: en['admin.settings.label.customFields'], exact: true }).count()).toBe(1);
    const items = list.getByRole('group', { name: en['admin.settings.label.customField'], exact: true });
    expect(await items.count()).toBe(ids.length);
    await list.getByText(en['admin.settings.help.customFields']).waitFor();
    // The last Add button of the list is its own (each item's values have one too).
    await list.getByRole('button', { name: en['form.array.add'], exact: true }).last().click();
    await expect.poll(() => items.count()).toBe(ids.length + 1);
    const added = items.last();
    // Not saved yet: no id, and the administrator cannot type one.
    const attrId = added.getByLabel(en['admin.settings.label.customFields.attrId']);
    expect(await attrId.inputValue()).toBe('');
    expect(await attrId.getAttribute('readonly')).not.toBeNull();
    await added.getByRole('textbox', { name: en['admin.settings.label.customFields.name'], exact: true }).fill('Shirt size');
    const format = added.getByRole('combobox', { name: en['admin.settings.label.customFields.displayFormat'] });
    expect(await format.locator('option').allTextContents()).toEqual(expect.arrayContaining([
      en['admin.settings.option.customFields.displayFormat.F'], en['admin.settings.option.customFields.displayFormat.L'], en['admin.settings.option.customFields.displayFormat.S'],
    ]));
    await format.selectOption({ label: en['admin.settings.option.customFields.displayFormat.L'] });

    // A list without values: the summary names the field in the administrator's words, and nothing is saved.
    await page.getByRole('button', { name: en['admin.save'], exact: true }).click();
    const summary = page.locator('.admin-settings .error-summary');
    const valuesLabel = `${en['admin.settings.label.customFields']} › ${en['admin.settings.label.customFields.definedValues']}`;
    await summary.getByRole('link', { name: `${valuesLabel}: ${en['admin.settings.error.customFields.definedValues']}`, exact: true }).waitFor();
    expect(await storedSettings(page, 'acme')).toEqual(before);
    await screenshot(page, 'admin-custom-field-needs-values');
    await added.screenshot({ path: 'test-results/e2e/admin-custom-field-needs-values-item.png' });

    const values = added.getByRole('group', { name: en['admin.settings.label.customFields.definedValues'], exact: true });
    for (const [index, value] of ['S', 'M', 'L'].entries()) {
      await values.getByRole('button', { name: en['form.array.add'], exact: true }).click();
      await values.getByRole('textbox', { name: en['admin.settings.label.customFields.definedValue'] }).nth(index).fill(value);
    }

    // The preview's additional-information form draws the field not saved yet, with its choices.
    const preview = page.locator('section[aria-labelledby="preview-title"]');
    await preview.getByRole('button', { name: en['admin.form.customFields'], exact: true }).click();
    const shirt = preview.getByRole('combobox', { name: 'Shirt size' });
    await shirt.waitFor();
    expect(await shirt.locator('option').allTextContents()).toEqual(expect.arrayContaining(['S', 'M', 'L']));
    await preview.getByRole('combobox', { name: /^Department/ }).waitFor();
    await screenshot(page, 'admin-custom-field-preview');
    await preview.screenshot({ path: 'test-results/e2e/admin-custom-field-preview-form.png' });

    await page.getByRole('button', { name: en['admin.save'], exact: true }).click();
    await page.getByText(`Saved as version ${before.settingsVersion + 1} at`).waitFor();
    const after = await storedSettings(page, 'acme');
    const newId = Math.max(...ids) + 1;
    expect(after.settings.customFields.at(-1)).toMatchObject({ attrId: newId, name: 'Shirt size', displayFormat: 'L', definedValues: ['S', 'M', 'L'] });
    expect((after.settings.customFields as { attrId: number }[]).slice(0, -1).map((field) => field.attrId)).toEqual(ids);
    // The editor shows the settings as saved: the server's id, read-only.
    await expect.poll(() => items.last().getByLabel(en['admin.settings.label.customFields.attrId']).inputValue()).toBe(String(newId));
  });
});
