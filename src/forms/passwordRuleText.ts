import type { TFunction } from 'i18next';
import { LIMITS } from '../../schemas/rules/limits.ts';
import { minimumLengthOf, type PasswordPolicy, type PasswordRule } from '../../schemas/rules/passwordPolicy.ts';

/**
 * One §5 password rule in the reader's language, as the new-password checklist lists it and as a
 * refused password names it (each key written out, so the catalogue test sees it).
 */
export function passwordRuleText(t: TFunction, rule: PasswordRule, policy: PasswordPolicy): string {
  switch (rule) {
    case 'length': return t('password.rule.length', { min: minimumLengthOf(policy), max: LIMITS.password.max });
    case 'letter': return t('password.rule.letter');
    case 'digit': return t('password.rule.digit');
    case 'upper': return t('password.rule.upper');
    case 'lower': return t('password.rule.lower');
    case 'special': return t('password.rule.special');
    case 'threeClasses': return t('password.rule.threeClasses');
  }
}

/** "Still needed: …" for the rules `unmet`, or null when every rule is met. */
export function missingRulesText(t: TFunction, unmet: readonly PasswordRule[], policy: PasswordPolicy): string | null {
  if (unmet.length === 0) return null;
  // In a sentence, "three of" names its four classes (the checklist lists them under it instead).
  const text = (rule: PasswordRule) => (rule === 'threeClasses' ? t('password.rule.threeClasses.short') : passwordRuleText(t, rule, policy));
  return t('password.rules.missing', { rules: unmet.map(text).join(t('password.rules.separator')) });
}
