import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FILES_PAGE_SIZE_DEFAULT } from '../../../schemas/rules/contentPaging.ts';
import { downloadErrorKey } from '../../../schemas/rules/downloadErrors.ts';
import { safeFileName } from '../../../schemas/rules/fileNames.ts';
import { downloadDocument, listPublicDocuments, type PublicDocument } from '../../api/documents.ts';
import { useCurrentScreen } from '../../app/useScreenMode.ts';
import { PageHeading } from '../../components/PageHeading.tsx';
import { useOrg } from '../../org/OrgContext.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { LoadingBar } from '../../ui/LoadingBar.tsx';
import '../../styles/forms.css';
import './content.css';
import { formatDateTime } from './time.ts';

type Sort = 'name' | 'lastModifiedDate';
type Listing = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: PublicDocument[]; totalCount: number };

/**
 * §2 `files`: the organisation's public documents, a page of 10 (§9), by last modified (newest
 * first) or by name, either way round (§2 "name (60 %, sortable) and last modified (40 %,
 * sortable)"); the empty text; a list that cannot be loaded is §8's not-found view. A file downloads
 * through the page (saved under a §9-safe name; a failure opens a dialog with §8's message); a link
 * opens the organisation's page in a new tab.
 */
export default function FilesScreen() {
  const { t, i18n } = useTranslation();
  const { boot } = useOrg();
  const screen = useCurrentScreen();
  const titleId = useId();
  const [query, setQuery] = useState<{ pageNumber: number; sort: Sort; order: 'asc' | 'desc' }>({ pageNumber: 1, sort: 'lastModifiedDate', order: 'desc' });
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    void listPublicDocuments({ organizationId: boot.orgId, pageSize: FILES_PAGE_SIZE_DEFAULT, ...query }, controller.signal).then((result) => {
      if (result.isCanceled) return;
      setListing(result.hasError || !result.data ? { status: 'failed' } : { status: 'ready', data: result.data.data, totalCount: result.data.totalCount });
    });
    return () => controller.abort();
  }, [boot.orgId, query]);

  function sortBy(sort: Sort) {
    setListing({ status: 'loading' });
    // The same column again turns the order round; a new one starts with what reads best (A–Z, newest).
    setQuery((current) => ({
      pageNumber: 1, sort,
      order: current.sort === sort ? (current.order === 'asc' ? 'desc' : 'asc') : sort === 'name' ? 'asc' : 'desc',
    }));
  }

  function goTo(pageNumber: number) {
    setListing({ status: 'loading' });
    setQuery((current) => ({ ...current, pageNumber }));
  }

  async function download(document: PublicDocument) {
    setBusy(document.id);
    const result = await downloadDocument(document.id, boot.orgId);
    setBusy(null);
    if (!result.ok) {
      setFailure(downloadErrorKey(result.status, result.text));
      return;
    }
    const url = URL.createObjectURL(result.blob);
    const link = window.document.createElement('a');
    link.href = url;
    link.download = safeFileName(document.metadata.OriginalFileName || document.name);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  if (listing.status === 'failed') {
    return (
      <section className="card error-page" role="alert" aria-labelledby={titleId}>
        <PageHeading id={titleId}>{t('files.library.error.loading')}</PageHeading>
        <p>{t('error.404.message3')}</p>
      </section>
    );
  }
  const pages = listing.status === 'ready' ? Math.max(1, Math.ceil(listing.totalCount / FILES_PAGE_SIZE_DEFAULT)) : 1;
  const ariaSort = (sort: Sort) => (query.sort === sort ? (query.order === 'asc' ? 'ascending' : 'descending') : 'none');

  return (
    <section className="card files-library" aria-labelledby={titleId} data-screen={screen?.id}>
      <PageHeading id={titleId}>{screen ? t(screen.titleKey) : null}</PageHeading>
      {listing.status === 'loading' ? <LoadingBar /> : null}
      {listing.status === 'ready' && listing.totalCount === 0 ? <p>{t('files.library.empty')}</p> : null}
      {listing.status === 'ready' && listing.data.length > 0 ? (
        <table className="files-table">
          <thead>
            <tr>
              <th scope="col" className="files-name" aria-sort={ariaSort('name')}>
                <button type="button" className="sort-button" onClick={() => sortBy('name')}>{t('files.library.column.name')}</button>
              </th>
              <th scope="col" className="files-modified" aria-sort={ariaSort('lastModifiedDate')}>
                <button type="button" className="sort-button" onClick={() => sortBy('lastModifiedDate')}>{t('files.library.column.modified')}</button>
              </th>
            </tr>
          </thead>
          <tbody>
            {listing.data.map((document) => (
              <tr key={document.id}>
                <td>
                  {document.documentType === 'Link' ? (
                    document.fileLink?.startsWith('https://') ? (
                      <a href={document.fileLink} target="_blank" rel="noopener noreferrer">
                        {document.name}<span className="visually-hidden"> {t('form.link.newTab')}</span>
                      </a>
                    ) : (
                      <button type="button" className="link-button" onClick={() => setFailure('files.library.error.link.missing')}>{document.name}</button>
                    )
                  ) : (
                    <button type="button" className="link-button" aria-busy={busy === document.id} onClick={() => void download(document)}>
                      {document.name}<span className="visually-hidden"> {t('files.library.download')}</span>
                    </button>
                  )}
                </td>
                <td>{formatDateTime(document.lastModifiedDate, i18n.language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {pages > 1 ? (
        <nav className="pagination" aria-label={t('content.pagination')}>
          <button type="button" className="button button-small" disabled={query.pageNumber <= 1} onClick={() => goTo(query.pageNumber - 1)}>{t('locations.expected.previous')}</button>
          <span aria-live="polite">{t('content.page', { page: query.pageNumber, pages })}</span>
          <button type="button" className="button button-small" disabled={query.pageNumber >= pages} onClick={() => goTo(query.pageNumber + 1)}>{t('locations.expected.next')}</button>
        </nav>
      ) : null}
      {failure ? (
        <Dialog title={t('files.library.error.title')} onClose={() => setFailure(null)}>
          <p>{t(failure)}</p>
          <div className="dialog-actions">
            <button type="button" className="button" onClick={() => setFailure(null)} data-autofocus>{t('form.dialog.ok')}</button>
          </div>
        </Dialog>
      ) : null}
    </section>
  );
}
