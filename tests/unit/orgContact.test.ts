/**
 * Issue 11: the organisation's subtitle as text (`orgSubtitle`) and its contact on the error pages
 * (`contactUrl`, `contactEmail`). Absent means none; the schema refuses what the browser would not
 * show or follow, and the browser checks again (schemas/orgContact.ts).
 */
import { describe, expect, it } from 'vitest';
import { EMAIL_PATTERN } from '../../schemas/forms/formats.ts';
import { CONTACT_EMAIL_PATTERN, orgContact } from '../../schemas/orgContact.ts';
import { orgSettingsSchema, resolveOrgSettings } from '../../schemas/orgSettings.ts';
import { validateOrgSettings } from '../../server/services/orgSettingsValidator.ts';
import { fixtureOrgs } from '../fixtures/orgs.ts';

const springfield = fixtureOrgs.springfield.input;
const pointersOf = (settings: Record<string, unknown>) => {
  const result = validateOrgSettings({ ...springfield, ...settings });
  return result.ok ? [] : result.errors.map((error) => `${error.pointer} ${error.key}`);
};

describe('absent settings mean none', () => {
  it('defaults the subtitle and both contacts to empty, and an empty contact links nowhere', () => {
    const settings = resolveOrgSettings({ orgName: 'Minimal' });
    expect([settings.orgSubtitle, settings.contactUrl, settings.contactEmail]).toEqual(['', '', '']);
    expect(orgContact(settings)).toEqual({ url: null, email: null, mailto: null });
  });
});

describe('orgSubtitle', () => {
  it('takes plain text up to 150 characters', () => {
    expect(pointersOf({ orgSubtitle: 'Emergency and community notifications' })).toEqual([]);
    expect(pointersOf({ orgSubtitle: 'x'.repeat(150) })).toEqual([]);
  });
  it('refuses 151 characters and anything that is not a string', () => {
    expect(pointersOf({ orgSubtitle: 'x'.repeat(151) })).toEqual(['/orgSubtitle jquery.validation.maxlength']);
    expect(pointersOf({ orgSubtitle: 42 })).toEqual(['/orgSubtitle jquery.validation.invalid']);
  });
  it('is the line springfield\'s banner image shows (server/db/demo/banner-springfield.svg)', () => {
    expect(fixtureOrgs.springfield.settings.orgSubtitle).toBe('Emergency and community notifications');
  });
});

describe('contactEmail (§5 e-mail rule, §9 80 characters)', () => {
  it('is §5\'s e-mail pattern, or empty', () => {
    const schema = orgSettingsSchema.properties as unknown as Record<string, { pattern?: string; maxLength?: number }>;
    expect(schema.contactEmail?.pattern).toBe(CONTACT_EMAIL_PATTERN);
    expect(CONTACT_EMAIL_PATTERN).toBe(`^(?:${EMAIL_PATTERN.source.slice(1, -1)})?$`);
    expect(schema.contactEmail?.maxLength).toBe(80);
  });

  it.each(['', 'townhall@paused-township.example.org', 'first.last+alerts@city.example'])('accepts %j', (email) => {
    expect(pointersOf({ contactEmail: email })).toEqual([]);
  });

  it.each([
    'not an address', 'townhall@', '@city.example', 'town hall@city.example', 'townhall@city', 'javascript:alert(1)@x.example',
    'mailto:townhall@city.example', ' townhall@city.example',
  ])('refuses %j as an e-mail address (jquery.validation.email)', (email) => {
    expect(pointersOf({ contactEmail: email })).toEqual(['/contactEmail jquery.validation.email']);
    expect(orgContact({ contactEmail: email }).mailto).toBeNull();
  });

  it('refuses an address of more than 80 characters for its length', () => {
    const email = `${'a'.repeat(70)}@city.example`;
    expect(pointersOf({ contactEmail: email })).toEqual(['/contactEmail jquery.validation.maxlength']);
    expect(orgContact({ contactEmail: email }).mailto).toBeNull();
  });
});

describe('the browser\'s contact links', () => {
  it('follows a valid address and e-mail, percent-encoding what would add mail headers', () => {
    expect(orgContact({ contactUrl: 'https://paused-township.example.org/contact', contactEmail: 'a?cc=b@city.example' })).toEqual({
      url: 'https://paused-township.example.org/contact',
      email: 'a?cc=b@city.example',
      mailto: 'mailto:a%3Fcc%3Db@city.example',
    });
  });
  it('links nowhere for a stored value the schema now refuses', () => {
    expect(orgContact({ contactUrl: 'javascript:alert(1)', contactEmail: 'nobody' })).toEqual({ url: null, email: null, mailto: null });
  });
});
