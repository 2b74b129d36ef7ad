/**
 * Code fetched when first drawn (issue 10 item 2, src/forms/onDemand.tsx): the fallback until the
 * code is there, the component at once after, the focus kept across the hand-over, the fallback kept
 * when the code cannot be fetched; and the phone field's fallback (src/forms/widgets/LazyPhoneInput.tsx),
 * a plain number input wired to its label like the real one. (tests/ui/setup.ts has the phone
 * input's code loaded before the other tests, as a browser has it moments after the first phone field.)
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../../src/forms/onDemand.tsx';
import { PhoneNumberFallback } from '../../../src/forms/widgets/LazyPhoneInput.tsx';
import type { PhoneInputProps } from '../../../src/forms/widgets/phoneInputProps.ts';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
}

const Plain = ({ id, value, onChange }: Props) => (
  <input id={id} aria-label="Number" data-kind="plain" value={value} onChange={(event) => onChange(event.target.value)} />
);
const Rich = ({ id, value, onChange }: Props) => (
  <input id={id} aria-label="Number" data-kind="rich" value={value} onChange={(event) => onChange(event.target.value.toUpperCase())} />
);

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Field({ Input, id = 'n' }: { Input: ComponentType<Props>; id?: string }) {
  const [value, setValue] = useState('');
  return <Input id={id} value={value} onChange={setValue} />;
}

const input = () => screen.getByRole('textbox', { name: 'Number' }) as HTMLInputElement;

describe('onDemand', () => {
  it('draws the fallback and fetches the code once; the fallback keeps what was typed and the focus passes to the loaded control', async () => {
    const user = userEvent.setup();
    const code = deferred<ComponentType<Props>>();
    const load = vi.fn(() => code.promise);
    const { Component } = onDemand(load, Plain, 'Test');
    render(<><Field Input={Component} /><Field Input={Component} id="m" /></>);
    expect(load).toHaveBeenCalledTimes(1);
    const plain = document.getElementById('n') as HTMLInputElement;
    expect(plain.dataset.kind).toBe('plain');
    await user.type(plain, 'ab');
    expect(plain.value).toBe('ab');

    await act(async () => code.resolve(Rich));
    const rich = document.getElementById('n') as HTMLInputElement;
    expect(rich.dataset.kind).toBe('rich');
    expect(rich.value).toBe('ab');
    expect(document.activeElement).toBe(rich);
    expect(rich.selectionStart).toBe(2);
    expect((document.getElementById('m') as HTMLInputElement).dataset.kind).toBe('rich');
  });

  it('draws the loaded component at once, in the first render, once the code is there', async () => {
    const { Component, load } = onDemand(async () => Rich, Plain, 'Test');
    await load();
    render(<Field Input={Component} />);
    expect(input().dataset.kind).toBe('rich');
  });

  it('keeps the working fallback when the code cannot be fetched, and tries again for the next one drawn', async () => {
    const first = deferred<ComponentType<Props>>();
    const load = vi.fn().mockReturnValueOnce(first.promise).mockResolvedValueOnce(Rich);
    const { Component } = onDemand<Props>(load, Plain, 'Test');
    const { unmount } = render(<Field Input={Component} />);
    await act(async () => first.reject(new Error('offline')));
    expect(input().dataset.kind).toBe('plain');
    unmount();
    render(<Field Input={Component} />);
    await vi.waitFor(() => expect(input().dataset.kind).toBe('rich'));
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the phone field before its code has loaded', () => {
  const draw = (props: Partial<PhoneInputProps> = {}) => {
    const onChange = vi.fn();
    const onBlur = vi.fn();
    render(
      <>
        <label htmlFor="root/mobile">Mobile phone</label>
        <span id="root/mobile__error">Enter a valid phone number.</span>
        <PhoneNumberFallback id="root/mobile" value={undefined} onChange={onChange} onBlur={onBlur} hasError={false} {...props} />
      </>,
    );
    return { onChange, onBlur, number: screen.getByRole('textbox', { name: 'Mobile phone' }) as HTMLInputElement };
  };

  it('is a telephone number input named by the field label, with its state and description', () => {
    const { number } = draw({ required: true, hasError: true, describedBy: 'root/mobile__error', value: { value: '(201) 555', countryCode: 'US' } });
    expect(number.id).toBe('root/mobile');
    expect(number.type).toBe('tel');
    expect(number.autocomplete).toBe('tel-national');
    expect(number.value).toBe('(201) 555');
    expect(number.required).toBe(true);
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(number.getAttribute('aria-describedby')).toBe('root/mobile__error');
  });

  it('passes on the number as typed, in the value\'s country or the default one (US or CA for TTY/TDD)', async () => {
    const user = userEvent.setup();
    const plain = draw();
    await user.type(plain.number, '2');
    expect(plain.onChange).toHaveBeenLastCalledWith({ value: '2', countryCode: 'US', noValidate: false });
    await user.tab();
    expect(plain.onBlur).toHaveBeenCalledWith('root/mobile');
  });

  it('reads a TTY/TDD number in the US or Canada (§5)', async () => {
    const user = userEvent.setup();
    const tty = draw({ pathType: 'TTYTDD', defaultCountry: 'FR' });
    await user.type(tty.number, '5');
    expect(tty.onChange).toHaveBeenLastCalledWith({ value: '5', countryCode: 'US', noValidate: false });
  });

  it('keeps a forced "use as is" for the regions without a numbering plan (§4)', async () => {
    const user = userEvent.setup();
    const forced = draw({ value: { value: '', countryCode: 'PN', noValidate: false } });
    await user.type(forced.number, '9');
    expect(forced.onChange).toHaveBeenLastCalledWith({ value: '9', countryCode: 'PN', noValidate: true });
  });
});
