import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The member's new recovery codes, shown once (issue 15): the server keeps only their HMACs. They can
 * be saved as a text file; the member says when they have put them away.
 */
export function RecoveryCodes({ codes, orgName, onDone, doneKey }: { codes: readonly string[]; orgName: string; onDone: () => void; doneKey: string }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  // What just appeared is the thing to read: the focus goes to its heading.
  useEffect(() => heading.current?.focus(), []);
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t('recoveryCodes.file.title', { orgName })}\n\n${codes.join('\n')}\n`)}`;
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" ref={heading} tabIndex={-1}>{t('recoveryCodes.title')}</h2>
      <p>{t('recoveryCodes.intro')}</p>
      <ul className="recovery-code-list">
        {codes.map((code) => <li key={code}><code>{code}</code></li>)}
      </ul>
      <p className="hint">{t('recoveryCodes.once')}</p>
      <div className="form-actions">
        <a className="button" href={file} download="recovery-codes.txt">{t('recoveryCodes.download')}</a>
        <button type="button" className="button button-primary" onClick={onDone}>{t(doneKey)}</button>
      </div>
    </section>
  );
}
