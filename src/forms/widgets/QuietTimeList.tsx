import { errorId } from '@rjsf/utils';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuietTimeFrame } from '../../../schemas/entities.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { FieldMessages } from '../components/FieldMessages.tsx';
import { TimeZoneDialog } from '../components/TimeZoneDialog.tsx';
import type { FormContext } from '../formContext.ts';
import { pointerOfId } from '../pointers.ts';
import type { TimeZoneOption } from './TimeZoneWidget.tsx';

/** The message keys of a frame's parts: the titles of the frame schema (schemas/forms/buildQuietTimeSchema.ts). */
export interface QuietTimeTitles {
  name: string;
  days: string;
  fromHour: string;
  fromMin: string;
  toHour: string;
  toMin: string;
  allDay: string;
}

export const DEFAULT_QUIET_TIME_TITLES: QuietTimeTitles = {
  name: 'profile.quiet.time.name.label',
  days: 'profile.quiet.time.days.label',
  fromHour: 'profile.quiet.time.fromHour.label',
  fromMin: 'profile.quiet.time.fromMin.label',
  toHour: 'profile.quiet.time.toHour.label',
  toMin: 'profile.quiet.time.toMin.label',
  allDay: 'profile.quiet.time.allDay.label',
};

export interface QuietTimeListProps {
  /** The id of the list (`{idPrefix}{pointer}`); a frame's parts are `{id}/{index}/name` and so on. */
  id: string;
  frames: readonly QuietTimeFrame[];
  onChange: (frames: QuietTimeFrame[]) => void;
  context: FormContext;
  titles: QuietTimeTitles;
  /** The member's time zone, when known; without one, adding asks for it first (§4). */
  timeZone: string | null;
  timeZones: readonly TimeZoneOption[];
  onTimeZoneChosen: (timeZoneId: string) => void;
  disabled?: boolean;
  readonly?: boolean;
}

/** §9 "days 1-7" with Sunday first (§3). */
const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const HOURS = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);
const two = (n: number) => String(n).padStart(2, '0');

/** A new frame: a night from 22:00 to 07:00, no day yet (the member picks them, §5 "at least one day"). */
const newFrame = (): QuietTimeFrame => ({ name: '', days: [], fromHour: 22, fromMin: 0, toHour: 7, toMin: 0, allDay: false });

/** Weekday names in `language`, Sunday first (1 January 2023 was a Sunday). */
function weekdayNames(language: string, width: 'long' | 'short'): string[] {
  const format = new Intl.DateTimeFormat(language.replace('_', '-'), { weekday: width, timeZone: 'UTC' });
  return DAYS.map((day) => format.format(new Date(Date.UTC(2023, 0, day))));
}

/**
 * §3/§4 quiet times of one contact path: each frame has a name, its days (toggle buttons, Sunday
 * first, `aria-pressed`), from and to hour and minute, and the 24-hour checkbox that makes the end
 * equal the start and disables the end selects. Adding needs a time zone (a picker dialog opens
 * first when there is none); deleting asks 'ssp.delete.confirm'.
 */
export function QuietTimeList(props: QuietTimeListProps) {
  const { t, i18n } = useTranslation();
  const { id, frames, onChange, context, titles, timeZone, timeZones, onTimeZoneChosen, disabled, readonly } = props;
  const [askTimeZone, setAskTimeZone] = useState(false);
  const [deleting, setDeleting] = useState<number | null>(null);
  const focusNext = useRef<string | null>(null);
  const revalidate = useRef(false);
  const listPointer = pointerOfId(context.idPrefix, id);
  const { touch } = context;

  // Messages are placed by position: after a delete, shown ones are placed again.
  useEffect(() => {
    if (!revalidate.current) return;
    revalidate.current = false;
    if (listPointer !== null) touch(listPointer);
  }, [frames, listPointer, touch]);
  const listRef = useRef<HTMLDivElement>(null);
  const longDays = useMemo(() => weekdayNames(i18n.language, 'long'), [i18n.language]);
  const shortDays = useMemo(() => weekdayNames(i18n.language, 'short'), [i18n.language]);

  // Before the browser paints (Preact runs plain effects a frame later): the focus moves with the change.
  useLayoutEffect(() => {
    const target = focusNext.current;
    const element = target && listRef.current?.querySelector<HTMLElement>(`[id="${target}"]`);
    if (!element) return;
    focusNext.current = null;
    element.focus();
  });

  const messages = (controlId: string) => {
    const pointer = pointerOfId(context.idPrefix, controlId);
    return pointer === null ? [] : context.messagesAt(pointer);
  };
  const blur = (controlId: string) => {
    const pointer = pointerOfId(context.idPrefix, controlId);
    if (pointer !== null) context.touch(pointer);
  };
  const update = (index: number, patch: Partial<QuietTimeFrame>) => {
    onChange(frames.map((frame, i) => {
      if (i !== index) return frame;
      const next = { ...frame, ...patch };
      // §4 "the 24-hour checkbox makes end equal start".
      return next.allDay ? { ...next, toHour: next.fromHour, toMin: next.fromMin } : next;
    }));
  };
  const add = () => {
    focusNext.current = `${id}/${frames.length}/name`;
    onChange([...frames, newFrame()]);
  };
  const addId = `${id}__add`;

  if (context.review) {
    if (frames.length === 0) return <span className="review-value review-empty">{t('form.quietTime.none')}</span>;
    return (
      <ul className="review-value quiet-time-review">
        {frames.map((frame, index) => (
          <li key={index}>
            {frame.name}: {frame.days.map((day) => longDays[day - 1]).join(', ')}{' '}
            {frame.allDay ? t('form.quietTime.allDayText') : `${two(frame.fromHour)}:${two(frame.fromMin)}–${two(frame.toHour)}:${two(frame.toMin)}`}
          </li>
        ))}
      </ul>
    );
  }

  const locked = disabled || readonly;
  return (
    <div className="quiet-time-list" ref={listRef}>
      {frames.length === 0 ? <p className="field-help">{t('form.quietTime.none')}</p> : null}
      {frames.map((frame, index) => {
        const base = `${id}/${index}`;
        const ids = {
          name: `${base}/name`, days: `${base}/days`, allDay: `${base}/allDay`,
          fromHour: `${base}/fromHour`, fromMin: `${base}/fromMin`, toHour: `${base}/toHour`, toMin: `${base}/toMin`,
        };
        const nameMessages = messages(ids.name);
        const dayMessages = messages(ids.days);
        const select = (key: 'fromHour' | 'fromMin' | 'toHour' | 'toMin', values: number[], endLocked: boolean) => (
          <select
            id={ids[key]}
            className="input input-time"
            aria-label={t(titles[key])}
            value={String(frame[key])}
            disabled={locked || endLocked}
            onChange={(event) => update(index, { [key]: Number(event.target.value) })}
            onBlur={() => blur(ids[key])}
          >
            {values.map((v) => <option key={v} value={v}>{two(v)}</option>)}
          </select>
        );
        return (
          <fieldset className="quiet-time-frame" key={index}>
            <legend>{frame.name || t('form.quietTime.frame', { number: index + 1 })}</legend>
            <div className={`field${nameMessages.length > 0 ? ' field-invalid' : ''}`}>
              <label htmlFor={ids.name} className="field-label">{t(titles.name)}<span className="required-marker" aria-hidden="true">*</span></label>
              <input
                id={ids.name}
                className="input"
                value={frame.name}
                required
                readOnly={readonly}
                disabled={disabled}
                aria-invalid={nameMessages.length > 0 ? true : undefined}
                aria-describedby={nameMessages.length > 0 ? errorId(ids.name) : undefined}
                onChange={(event) => update(index, { name: event.target.value })}
                onBlur={() => {
                  if (frame.name.trim() !== frame.name) update(index, { name: frame.name.trim() });
                  blur(ids.name);
                }}
              />
              <FieldMessages id={ids.name} messages={nameMessages} />
            </div>
            <div
              className={`field quiet-time-days${dayMessages.length > 0 ? ' field-invalid' : ''}`}
              role="group"
              id={ids.days}
              aria-labelledby={`${ids.days}__label`}
              aria-describedby={dayMessages.length > 0 ? errorId(ids.days) : undefined}
            >
              <span id={`${ids.days}__label`} className="field-label">{t(titles.days)}<span className="required-marker" aria-hidden="true">*</span></span>
              <div className="day-toggles">
                {DAYS.map((day) => {
                  const on = frame.days.includes(day);
                  return (
                    <button
                      key={day}
                      type="button"
                      className="day-toggle"
                      aria-pressed={on}
                      disabled={locked}
                      onClick={() => update(index, { days: on ? frame.days.filter((d) => d !== day) : [...frame.days, day].sort((a, b) => a - b) })}
                      onBlur={(event) => {
                        if (!event.currentTarget.parentElement?.contains(event.relatedTarget as Node | null)) blur(ids.days);
                      }}
                    >
                      {/* The day's full name is its name (WCAG 2.5.3: no aria-label that the short text shown is not a word of). */}
                      <span aria-hidden="true">{shortDays[day - 1]}</span>
                      <span className="visually-hidden">{longDays[day - 1]}</span>
                    </button>
                  );
                })}
              </div>
              <FieldMessages id={ids.days} messages={dayMessages} />
            </div>
            <div className="checkbox">
              <input
                id={ids.allDay}
                type="checkbox"
                checked={frame.allDay === true}
                disabled={locked}
                onChange={(event) => update(index, { allDay: event.target.checked })}
              />
              <label htmlFor={ids.allDay}>{t(titles.allDay)}</label>
            </div>
            <div className="quiet-time-range">
              <span className="quiet-time-part">
                <span aria-hidden="true">{t('form.quietTime.from')}</span>
                {select('fromHour', HOURS, false)}:{select('fromMin', MINUTES, false)}
              </span>
              <span className="quiet-time-part">
                <span aria-hidden="true">{t('form.quietTime.to')}</span>
                {select('toHour', HOURS, frame.allDay === true)}:{select('toMin', MINUTES, frame.allDay === true)}
              </span>
            </div>
            <FieldMessages id={base} messages={messages(base)} />
            {locked ? null : (
              <button type="button" className="button button-danger" onClick={() => setDeleting(index)}>
                {t('form.quietTime.delete', { name: frame.name || t('form.quietTime.frame', { number: index + 1 }) })}
              </button>
            )}
          </fieldset>
        );
      })}
      {locked ? null : (
        <button type="button" id={addId} className="button" onClick={() => (timeZone ? add() : setAskTimeZone(true))}>
          {t('form.quietTime.add')}
        </button>
      )}
      {askTimeZone ? (
        <TimeZoneDialog
          timeZones={timeZones}
          onCancel={() => setAskTimeZone(false)}
          onChoose={(zone) => {
            setAskTimeZone(false);
            onTimeZoneChosen(zone);
            add();
          }}
        />
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          messageKey="ssp.delete.confirm"
          onCancel={() => setDeleting(null)}
          onConfirm={() => {
            const index = deleting;
            setDeleting(null);
            focusNext.current = addId;
            revalidate.current = listPointer !== null && context.messagesWithin(listPointer).length > 0;
            onChange(frames.filter((_, i) => i !== index));
          }}
        />
      ) : null}
    </div>
  );
}
