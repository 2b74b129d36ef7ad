import type { WidgetProps } from '@rjsf/utils';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_POLICIES, passwordRules, type PasswordPolicy } from '../../../schemas/rules/passwordPolicy.ts';
import { formContextOf } from '../formContext.ts';
import { missingRulesText, passwordRuleText } from '../passwordRuleText.ts';
import { BaseInput } from './BaseInput.tsx';

const policyOf = (schema: WidgetProps['schema']): PasswordPolicy | null => {
  const policy = (schema as { passwordPolicy?: unknown }).passwordPolicy;
  return PASSWORD_POLICIES.includes(policy as PasswordPolicy) ? (policy as PasswordPolicy) : null;
};

/**
 * The §5 rules of a new password (a field whose schema names a `passwordPolicy`), before they bite:
 * each rule met or not, updated while typing; one summary line says what is still needed, politely
 * (aria-live on that line only, so a screen reader hears a change of the verdict, not every rule).
 */
function PasswordChecklist({ id, policy, value }: { id: string; policy: PasswordPolicy; value: string }) {
  const { t } = useTranslation();
  const rules = passwordRules(value, policy);
  const status = (met: boolean) => <span className="visually-hidden">{met ? t('password.rules.met') : t('password.rules.notMet')}</span>;
  const summary = value === '' ? '' : (missingRulesText(t, rules.filter((r) => !r.met).map((r) => r.rule), policy) ?? t('password.rules.allMet'));
  return (
    <div className="password-rules" id={id}>
      <p className="password-rules-title">{t('password.rules.title')}</p>
      <ul>
        {rules.map((state) => (
          <li key={state.rule} className={state.met ? 'rule-met' : 'rule-unmet'}>
            {passwordRuleText(t, state.rule, policy)} {status(state.met)}
            {state.classes ? (
              <ul>
                {state.classes.map((c) => (
                  <li key={c.rule} className={c.met ? 'rule-met' : 'rule-unmet'}>{passwordRuleText(t, c.rule, policy)} {status(c.met)}</li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="password-rules-summary" aria-live="polite">{summary}</p>
    </div>
  );
}

/**
 * §2 "password with show/hide": the input and a toggle button that shows the password as text and
 * hides it again, its name saying what it will do ("Show password", then "Hide password"). A new
 * password (its schema names a policy) lists the policy's rules under it.
 */
export function PasswordWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const review = formContextOf(props.registry).review;
  const policy = review || props.readonly ? null : policyOf(props.schema);
  const rulesId = `${props.id}__rules`;
  return (
    <div className="password-input">
      <div className="password-row">
        <BaseInput {...props} type={shown ? 'text' : 'password'} reviewText="••••••••" describedByExtra={policy ? rulesId : undefined} />
        {props.readonly || review ? null : (
          <button
            type="button"
            className="button button-small password-toggle"
            aria-controls={props.id}
            disabled={props.disabled}
            onClick={() => setShown((on) => !on)}
          >
            {shown ? t('form.password.hide') : t('form.password.show')}
          </button>
        )}
      </div>
      {policy ? <PasswordChecklist id={rulesId} policy={policy} value={typeof props.value === 'string' ? props.value : ''} /> : null}
    </div>
  );
}
