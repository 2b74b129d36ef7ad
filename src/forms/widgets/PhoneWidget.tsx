import type { WidgetProps } from '@rjsf/utils';
import type { ContactPathType } from '../../../schemas/entities.ts';
import type { PhoneWidgetOptions } from '../../../schemas/forms/widgetOptions.ts';
import type { PhoneValue } from '../../../schemas/rules/phoneNumber.ts';
import { formContextOf } from '../formContext.ts';
import { pointerOfId } from '../pointers.ts';
import { isRequired } from '../isRequired.ts';
import { controlProps } from './controlProps.ts';
import { LazyPhoneInput } from './LazyPhoneInput.tsx';
import { ReviewValue } from './ReviewValue.tsx';

/** What the `phoneNumber` keyword of schemas/forms/phoneField.ts says about the field. */
interface PhoneRule {
  pathType?: ContactPathType;
  allowedCountries?: string[];
  defaultCountry?: string;
}

/**
 * §2 sign-up phone / SMS: a PhoneInput over the object `{ value, countryCode, noValidate }` (its code,
 * with libphonenumber-js, fetched when the first one is drawn: LazyPhoneInput.tsx). The path type and
 * allowed countries come from `ui:options` or the field's `phoneNumber` rule.
 */
export function PhoneWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, options, schema, registry, rawErrors, required, disabled, readonly, uiSchema } = props;
  const context = formContextOf(registry);
  const rule = ((schema as { phoneNumber?: PhoneRule }).phoneNumber ?? {}) as PhoneRule;
  const phone = (value ?? {}) as PhoneValue;
  const phoneOptions = options as PhoneWidgetOptions;
  if (context.review) {
    return <ReviewValue text={phone.value ? `${phone.countryCode ? `${phone.countryCode} ` : ''}${phone.value}` : ''} />;
  }
  const a11y = controlProps(props);
  return (
    <LazyPhoneInput
      id={id}
      value={phone}
      onChange={onChange}
      onBlur={(controlId) => {
        const pointer = pointerOfId(context.idPrefix, controlId);
        if (controlId === id || pointer === null) onBlur(id, value);
        else context.touch(pointer);
      }}
      pathType={phoneOptions.pathType ?? rule.pathType}
      allowedCountries={phoneOptions.countries ?? rule.allowedCountries ?? null}
      defaultCountry={phoneOptions.defaultCountry ?? rule.defaultCountry}
      hasError={(rawErrors?.length ?? 0) > 0}
      describedBy={a11y['aria-describedby']}
      required={isRequired({ required, schema, options })}
      disabled={disabled}
      readonly={readonly}
      autoComplete={typeof uiSchema?.['ui:autocomplete'] === 'string' ? uiSchema['ui:autocomplete'] : undefined}
    />
  );
}
