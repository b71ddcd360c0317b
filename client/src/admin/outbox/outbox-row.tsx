// One mail of the outbox: to whom, what kind, its subject, the tries and SMTP's last words, and when.
import type { inferRouterOutputs } from '@trpc/server';
import type { MailKind } from '@shared/mail';
import type { AppRouter } from '@/lib/trpc';

type OutboxMail = inferRouterOutputs<AppRouter>['outbox']['list']['mails'][number];

const KIND_WORDS: Record<MailKind, string> = {
  'comment.reply': 'Reply to a comment',
  'comment.answered': 'Question answered',
  'module.opened': 'Module opened',
};

const STATE_WORDS: Record<OutboxMail['state'], string> = {
  pending: 'Pending',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  skipped: 'Skipped',
};

const whenFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const When = ({ at }: { at: string }) => <time dateTime={at}>{whenFormat.format(new Date(at))}</time>;

export function OutboxRow({ mail }: { mail: OutboxMail }) {
  return (
    <li className="outbox-mail">
      <article aria-label={`${mail.subject}, to ${mail.member.email || 'a deleted member'}`}>
        <header className="outbox-mail__head">
          <h3 className="outbox-mail__subject">{mail.subject}</h3>
          <span className={`queue-pill outbox-state--${mail.state}`}>{STATE_WORDS[mail.state]}</span>
        </header>
        <dl className="outbox-mail__facts">
          <div>
            <dt>To</dt>
            <dd>{mail.member.email || <span className="muted">a deleted member</span>}</dd>
          </div>
          <div>
            <dt>Kind</dt>
            <dd>{KIND_WORDS[mail.kind]}</dd>
          </div>
          <div>
            <dt>Attempts</dt>
            <dd>{mail.attempts}</dd>
          </div>
          {mail.lastError !== null && (
            <div className="outbox-mail__error">
              <dt>{mail.state === 'skipped' ? 'Why skipped' : 'Last error'}</dt>
              <dd>{mail.lastError}</dd>
            </div>
          )}
          <div>
            <dt>Written</dt>
            <dd>
              <When at={mail.createdAt} />
            </dd>
          </div>
          {mail.sentAt !== null ? (
            <div>
              <dt>Sent</dt>
              <dd>
                <When at={mail.sentAt} />
              </dd>
            </div>
          ) : (
            <div>
              <dt>Last change</dt>
              <dd>
                <When at={mail.updatedAt} />
              </dd>
            </div>
          )}
        </dl>
      </article>
    </li>
  );
}
