// A lesson's downloads (CONTRACT §4 attachments): each a link to its signed URL, which the server
// sends as an attachment under its name, with its size as people read it.
import { formatBytes } from '@shared/media';
import type { LessonAttachment } from './lesson-media-types';
import './attachments-list.css';

export function AttachmentsList({ attachments }: { attachments: readonly LessonAttachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <section className="attachments-list" aria-labelledby="downloads-heading">
      <h2 id="downloads-heading" className="attachments-list__heading">
        Downloads
      </h2>
      <ul className="attachments-list__items">
        {attachments.map((attachment) => (
          <li key={attachment.url} className="attachments-list__item">
            <a href={attachment.url} download={attachment.name}>
              {attachment.name}
            </a>
            <span className="attachments-list__size">{formatBytes(attachment.size)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
