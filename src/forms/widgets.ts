/**
 * The widget registry (STYLE.md principle 3): every widget name of schemas/forms/types.ts
 * WIDGET_NAMES and the component that draws it, in ONE literal map. A name without a widget, or a
 * widget under a misspelt name, does not type-check.
 */
import type { Widget } from '@rjsf/utils';
import type { WidgetName } from '../../schemas/forms/types.ts';
import { CheckboxWidget } from './widgets/CheckboxWidget.tsx';
import { ContactPathsWidget } from './widgets/ContactPathsWidget.tsx';
import { DateWidget } from './widgets/DateWidget.tsx';
import { EmailWidget } from './widgets/EmailWidget.tsx';
import { LazyGeoJsonWidget } from './widgets/LazyGeoJsonWidget.tsx';
import { LocationWidget } from './widgets/LocationWidget.tsx';
import { MultiSelectWidget } from './widgets/MultiSelectWidget.tsx';
import { PasswordWidget } from './widgets/PasswordWidget.tsx';
import { PhoneWidget } from './widgets/PhoneWidget.tsx';
import { PreferredLanguageWidget } from './widgets/PreferredLanguageWidget.tsx';
import { QuietTimeWidget } from './widgets/QuietTimeWidget.tsx';
import { SecurityQuestionWidget } from './widgets/SecurityQuestionWidget.tsx';
import { SelectWidget } from './widgets/SelectWidget.tsx';
import { SignUpAddressWidget } from './widgets/SignUpAddressWidget.tsx';
import { SubscriptionTreeWidget } from './widgets/SubscriptionTreeWidget.tsx';
import { TermsWidget } from './widgets/TermsWidget.tsx';
import { TextareaWidget } from './widgets/TextareaWidget.tsx';
import { TextWidget } from './widgets/TextWidget.tsx';
import { TimeZoneWidget } from './widgets/TimeZoneWidget.tsx';

export const WIDGETS: Record<WidgetName, Widget> = {
  text: TextWidget,
  email: EmailWidget,
  password: PasswordWidget,
  textarea: TextareaWidget,
  checkbox: CheckboxWidget,
  select: SelectWidget,
  multiSelect: MultiSelectWidget,
  date: DateWidget,
  phone: PhoneWidget,
  quietTime: QuietTimeWidget,
  location: LocationWidget,
  signUpAddress: SignUpAddressWidget,
  timeZone: TimeZoneWidget,
  preferredLanguage: PreferredLanguageWidget,
  contactPaths: ContactPathsWidget,
  securityQuestion: SecurityQuestionWidget,
  terms: TermsWidget,
  geoJson: LazyGeoJsonWidget,
  subscriptionTree: SubscriptionTreeWidget,
};

/**
 * How the field template labels each widget: `label` — one control named by a `<label for>`;
 * `inline` — a checkbox that carries its own label; `group` — several controls in a fieldset whose
 * legend is the label; `beside` — drawn beside the object's own fields (the map next to the address);
 * `around` — drawn around them: the widget places the object's fields itself, or shows something
 * else instead (the sign-up address: fields and verify button, or the verified summary).
 */
export type WidgetLayout = 'label' | 'inline' | 'group' | 'beside' | 'around';

export const WIDGET_LAYOUT: Record<WidgetName, WidgetLayout> = {
  text: 'label',
  email: 'label',
  password: 'label',
  textarea: 'label',
  checkbox: 'inline',
  select: 'label',
  multiSelect: 'group',
  date: 'label',
  phone: 'label',
  quietTime: 'group',
  location: 'beside',
  signUpAddress: 'around',
  timeZone: 'label',
  preferredLanguage: 'label',
  contactPaths: 'group',
  securityQuestion: 'label',
  terms: 'inline',
  geoJson: 'label',
  subscriptionTree: 'group',
};
