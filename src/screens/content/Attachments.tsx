import { useTranslation } from 'react-i18next';
import type { AttachmentFile } from '../../../schemas/api/publicContent.ts';

/**
 * §2 "attachments, images" of a notification, an event update or a communication: the pictures in
 * the page (`/download/image/{fileId}`), the other files to download (`/download/attachment/{fileId}/3`).
 */
export function Attachments({ files }: { files: readonly AttachmentFile[] }) {
  const { t } = useTranslation();
  const images = files.filter((file) => file.image);
  const others = files.filter((file) => !file.image);
  return (
    <>
      {images.length ? (
        <div className="content-images">
          {images.map((file) => <img key={file.fileId} src={`/download/image/${encodeURIComponent(file.fileId)}`} alt={file.fileName} loading="lazy" />)}
        </div>
      ) : null}
      {others.length ? (
        <section>
          <h2>{t('notification.attachments')}</h2>
          <ul>
            {others.map((file) => (
              <li key={file.fileId}><a href={`/download/attachment/${encodeURIComponent(file.fileId)}/3`} download>{file.fileName}</a></li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
