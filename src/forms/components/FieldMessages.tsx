import { errorId } from '@rjsf/utils';

/** The messages of one inner control of a composite widget, under the id its `aria-describedby` names. */
export function FieldMessages({ id, messages }: { id: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div id={errorId(id)} className="field-error">
      {messages.map((message) => <p key={message}>{message}</p>)}
    </div>
  );
}
