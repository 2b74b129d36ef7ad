import { errorId, type WidgetProps } from '@rjsf/utils';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EMAIL_PATH_TYPES as EMAIL_TYPES, PHONE_PATH_TYPES as PHONE_TYPES, type ContactPathValue, type QuietTimeFrame } from '../../../schemas/entities.ts';
import type { ContactPathOption } from '../../../schemas/forms/widgetOptions.ts';
import { CONTACT_PATH_MINIMUM_INTRO_KEY } from '../../../schemas/rules/contactPathMinimum.ts';
import type { FormSchema } from '../../../schemas/forms/types.ts';
import { FieldMessages } from '../components/FieldMessages.tsx';
import { formContextOf, type FormContext } from '../formContext.ts';
import { pointerOfId } from '../pointers.ts';
import { LazyPhoneInput } from './LazyPhoneInput.tsx';
import { QuietTimeList } from './QuietTimeList.tsx';
import { quietTimeTitlesOf, quietTimeZoneOf } from './quietTimeOptions.ts';

/** What `ui:options.paths` says of each path (schemas/forms/buildContactPathsSchema.ts). */
type PathOption = ContactPathOption;

type Item = ContactPathValue & Record<string, unknown>;

const propertyOf = (schema: FormSchema, name: string): FormSchema | null => {
  const property = schema.properties?.[name];
  return property && typeof property === 'object' ? property : null;
};

/**
 * §2/§3 the member's contact paths, in the order they are tried: each path's value (a phone number
 * with its country for SMS, phone, TTY/TDD, fax and numeric pager; an e-mail address for e-mail,
 * plain-text e-mail and Slack), its extension or pin, pager service and wait time where the path has
 * them, the receive-notification toggle (pathEnable, only in logged-in edit mode:
 * `ui:options.showPathEnable`) and its quiet times. Move up / move down reorder the list; the first
 * path cannot go up and the last cannot go down (the buttons stay, disabled).
 */
export function ContactPathsWidget(props: WidgetProps) {
  const { t } = useTranslation();
  const { id, value, onChange, options, schema, registry, disabled, readonly } = props;
  const context = formContextOf(registry);
  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  const paths = (Array.isArray(options.paths) ? options.paths : []) as PathOption[];
  const reorderable = options.reorderable !== false && !readonly && !context.review;
  const [chosenZone, setChosenZone] = useState<string | null>(null);
  const zone = quietTimeZoneOf(options, context, chosenZone);
  const listRef = useRef<HTMLOListElement>(null);
  const focusAfterMove = useRef<{ pathId: number; direction: 'up' | 'down' } | null>(null);
  const revalidateAfterMove = useRef(false);
  const listPointer = pointerOfId(context.idPrefix, id);
  const { touch } = context;

  // Messages are placed by position: after a move, shown ones are placed again for the new order.
  useEffect(() => {
    if (!revalidateAfterMove.current) return;
    revalidateAfterMove.current = false;
    if (listPointer !== null) touch(listPointer);
  }, [value, listPointer, touch]);

  useEffect(() => {
    const request = focusAfterMove.current;
    if (!request || !listRef.current) return;
    focusAfterMove.current = null;
    const item = listRef.current.querySelector(`[data-path-id="${request.pathId}"]`);
    const same = item?.querySelector<HTMLButtonElement>(`button[data-move="${request.direction}"]`);
    const other = item?.querySelector<HTMLButtonElement>(`button[data-move="${request.direction === 'up' ? 'down' : 'up'}"]`);
    (same && !same.disabled ? same : other)?.focus();
  });

  const pathOf = (item: Item): PathOption => paths.find((p) => p.pathId === item.pathId) ?? { pathId: item.pathId, type: item.type, name: item.type };
  const change = (index: number, patch: Partial<Item>) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const move = (index: number, direction: 'up' | 'down') => {
    const target = direction === 'up' ? index - 1 : index + 1;
    if (target < 0 || target >= items.length) return;
    const next = [...items];
    [next[index], next[target]] = [next[target]!, next[index]!];
    focusAfterMove.current = { pathId: items[index]!.pathId, direction };
    revalidateAfterMove.current = listPointer !== null && context.messagesWithin(listPointer).length > 0;
    onChange(next);
  };

  const minimum = typeof options.minimum === 'number' && options.minimum > 0 && !readonly && !context.review ? options.minimum : 0;
  return (
    <>
    {/* Issue 11: how many ways to reach the member are needed, said before the paths, not only after a refused save. */}
    {minimum > 0 ? <p className="form-section-intro" id={`${id}__minimum`}>{t(CONTACT_PATH_MINIMUM_INTRO_KEY, { count: minimum })}</p> : null}
    <ol className="contact-paths" ref={listRef} aria-describedby={minimum > 0 ? `${id}__minimum` : undefined}>
      {items.map((item, index) => {
        const path = pathOf(item);
        const itemSchema = registry.schemaUtils.retrieveSchema(schema.items as never, item) as FormSchema;
        return (
          <li key={item.pathId} className="contact-path" data-path-id={item.pathId}>
            <ContactPath
              id={`${id}/${index}`}
              item={item}
              path={path}
              schema={itemSchema}
              context={context}
              options={options}
              disabled={disabled}
              readonly={readonly || path.editable === false}
              onChange={(patch) => change(index, patch)}
              quietTimes={(frames, list) => (
                <QuietTimeList
                  id={`${id}/${index}/quietTimeFrames`}
                  frames={frames}
                  onChange={(next) => change(index, { quietTimeFrames: next })}
                  context={context}
                  titles={quietTimeTitlesOf(list)}
                  timeZone={zone.timeZone}
                  timeZones={zone.timeZones}
                  onTimeZoneChosen={(chosen) => {
                    setChosenZone(chosen);
                    if (zone.field) context.setValueAt(zone.field, chosen);
                  }}
                  disabled={disabled}
                  readonly={readonly}
                />
              )}
            />
            {reorderable ? (
              <div className="contact-path-order">
                <button
                  type="button"
                  className="button button-small"
                  data-move="up"
                  disabled={disabled || index === 0}
                  onClick={() => move(index, 'up')}
                >
                  {t('form.contactPaths.moveUp', { name: path.name })}
                </button>
                <button
                  type="button"
                  className="button button-small"
                  data-move="down"
                  disabled={disabled || index === items.length - 1}
                  onClick={() => move(index, 'down')}
                >
                  {t('form.contactPaths.moveDown', { name: path.name })}
                </button>
              </div>
            ) : null}
          </li>
        );
      })}
    </ol>
    </>
  );
}

interface ContactPathProps {
  /** `{list id}/{index}`: the ids of the path's parts are `{id}/value`, `{id}/countryCode` … (their pointers). */
  id: string;
  item: Item;
  path: PathOption;
  schema: FormSchema;
  context: FormContext;
  options: WidgetProps['options'];
  disabled?: boolean;
  readonly?: boolean;
  onChange: (patch: Partial<Item>) => void;
  quietTimes: (frames: QuietTimeFrame[], schema: FormSchema) => ReactNode;
}

/** One contact path of the list. */
function ContactPath({ id, item, path, schema, context, options, disabled, readonly, onChange, quietTimes }: ContactPathProps) {
  const { t } = useTranslation();
  const legendId = `${id}__legend`;
  const messagesOf = (controlId: string) => {
    const pointer = pointerOfId(context.idPrefix, controlId);
    return pointer === null ? [] : context.messagesAt(pointer);
  };
  const blur = (controlId: string) => {
    const pointer = pointerOfId(context.idPrefix, controlId);
    if (pointer !== null) context.touch(pointer);
  };
  const valueId = `${id}/value`;
  const valueMessages = [...messagesOf(valueId), ...messagesOf(`${id}/countryCode`), ...messagesOf(id)];
  const valueSchema = propertyOf(schema, 'value');
  const valueReadonly = readonly || valueSchema?.readOnly === true;
  // §3 pathEnable "set automatically to whether a value exists".
  const setValue = (patch: Partial<Item>) => onChange({ ...patch, pathEnable: typeof patch.value === 'string' ? patch.value.trim() !== '' : item.pathEnable });
  const describedBy = valueMessages.length > 0 ? errorId(valueId) : undefined;

  if (context.review) {
    const extra = [item.phoneExt, item.ext, item.pin, item.systemRequirement].filter((v) => typeof v === 'string' && v !== '');
    return (
      <div className="contact-path-review">
        <span className="field-label">{path.name}</span>
        <span className="review-value">
          {item.value ? `${PHONE_TYPES.has(path.type) && item.countryCode ? `${item.countryCode} ` : ''}${item.value}` : t('form.review.notProvided')}
          {extra.length > 0 ? ` (${extra.join(', ')})` : ''}
          {options.showPathEnable ? ` — ${item.pathEnable ? t('form.review.on') : t('form.review.off')}` : ''}
        </span>
        {propertyOf(schema, 'quietTimeFrames') ? quietTimes(Array.isArray(item.quietTimeFrames) ? item.quietTimeFrames : [], propertyOf(schema, 'quietTimeFrames')!) : null}
      </div>
    );
  }

  let control: ReactNode;
  if (PHONE_TYPES.has(path.type)) {
    control = (
      <LazyPhoneInput
        id={valueId}
        countryId={`${id}/countryCode`}
        bypassId={`${id}/noValidate`}
        value={item}
        onChange={(phone) => setValue(phone)}
        onBlur={blur}
        pathType={path.type}
        allowedCountries={((schema as { phoneNumber?: { allowedCountries?: string[] } }).phoneNumber?.allowedCountries) ?? null}
        defaultCountry={typeof options.defaultCountry === 'string' ? options.defaultCountry : undefined}
        hasError={valueMessages.length > 0}
        describedBy={describedBy}
        disabled={disabled}
        readonly={valueReadonly}
      />
    );
  } else {
    control = (
      <input
        id={valueId}
        className="input"
        type={EMAIL_TYPES.has(path.type) ? 'email' : 'text'}
        autoComplete={path.type === 'EMAIL' ? 'email' : 'off'}
        value={typeof item.value === 'string' ? item.value : ''}
        aria-invalid={valueMessages.length > 0 ? true : undefined}
        aria-describedby={describedBy}
        disabled={disabled}
        readOnly={valueReadonly}
        onChange={(event) => setValue({ value: event.target.value })}
        onBlur={() => {
          const text = typeof item.value === 'string' ? item.value : '';
          if (text.trim() !== text) setValue({ value: text.trim() });
          blur(valueId);
        }}
      />
    );
  }

  const text = (name: 'phoneExt' | 'pin' | 'waitTime') => {
    const property = propertyOf(schema, name);
    if (!property) return null;
    const controlId = `${id}/${name}`;
    const messages = messagesOf(controlId);
    const current = item[name];
    return (
      <div className={`field${messages.length > 0 ? ' field-invalid' : ''}`}>
        <label htmlFor={controlId} className="field-label">{t(property.title ?? name)}</label>
        <input
          id={controlId}
          className="input input-short"
          inputMode="numeric"
          value={current === undefined || current === null ? '' : String(current)}
          aria-invalid={messages.length > 0 ? true : undefined}
          aria-describedby={messages.length > 0 ? errorId(controlId) : undefined}
          disabled={disabled}
          readOnly={readonly}
          onChange={(event) => {
            const raw = event.target.value.trim();
            onChange({ [name]: raw === '' ? undefined : name === 'waitTime' && /^\d+$/.test(raw) ? Number(raw) : event.target.value });
          }}
          onBlur={() => blur(controlId)}
        />
        <FieldMessages id={controlId} messages={messages} />
      </div>
    );
  };

  const pagerService = propertyOf(schema, 'systemRequirement');
  const pagerId = `${id}/systemRequirement`;
  const pagerMessages = messagesOf(pagerId);
  const quietTimeSchema = propertyOf(schema, 'quietTimeFrames');

  return (
    <fieldset className="contact-path-fields">
      <legend id={legendId}>{path.name}</legend>
      <div className={`field${valueMessages.length > 0 ? ' field-invalid' : ''}`}>
        <label htmlFor={valueId} className="field-label">{path.name}</label>
        {control}
        <FieldMessages id={valueId} messages={valueMessages} />
      </div>
      {text('phoneExt')}
      {text('pin')}
      {pagerService ? (
        <div className={`field${pagerMessages.length > 0 ? ' field-invalid' : ''}`}>
          <label htmlFor={pagerId} className="field-label">{t(pagerService.title ?? 'systemRequirement')}</label>
          <select
            id={pagerId}
            className="input"
            value={typeof item.systemRequirement === 'string' ? item.systemRequirement : ''}
            aria-invalid={pagerMessages.length > 0 ? true : undefined}
            aria-describedby={pagerMessages.length > 0 ? errorId(pagerId) : undefined}
            disabled={disabled || readonly}
            onChange={(event) => onChange({ systemRequirement: event.target.value })}
            onBlur={() => blur(pagerId)}
          >
            <option value="">{t('form.select.placeholder')}</option>
            {(pagerService.enum ?? []).filter((v) => v !== '').map((v) => <option key={String(v)} value={String(v)}>{String(v)}</option>)}
          </select>
          <FieldMessages id={pagerId} messages={pagerMessages} />
        </div>
      ) : null}
      {text('waitTime')}
      {options.showPathEnable ? (
        <div className="checkbox">
          <input
            id={`${id}/pathEnable`}
            type="checkbox"
            role="switch"
            checked={item.pathEnable === true}
            disabled={disabled || readonly}
            onChange={(event) => onChange({ pathEnable: event.target.checked })}
          />
          <label htmlFor={`${id}/pathEnable`}>{t(propertyOf(schema, 'pathEnable')?.title ?? 'contactPath.pathEnable.label')}</label>
        </div>
      ) : null}
      {quietTimeSchema ? (
        <fieldset className="quiet-times">
          <legend>{t(quietTimeSchema.title ?? 'profile.quiet.time.label')}</legend>
          {quietTimes(Array.isArray(item.quietTimeFrames) ? item.quietTimeFrames : [], quietTimeSchema)}
        </fieldset>
      ) : null}
    </fieldset>
  );
}
