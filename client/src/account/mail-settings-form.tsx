// The mail settings of the Account page (CONTRACT §9): which course mails the member gets. Each
// mail also carries a one-click unsubscribe that turns its own kind off; this is where it comes back on.
import { useState, type FormEvent } from 'react';
import { MAIL_LIST_LABELS, MAIL_LISTS, MAIL_MESSAGES, type MailList } from '@shared/mail';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { Fieldset } from '../ui/fieldset';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

export function MailSettingsForm() {
  const settings = trpc.account.mailSettings.useQuery();
  if (settings.data) return <MailSettingsFields saved={settings.data} />;
  return settings.error ? (
    <ServerError error={settings.error} />
  ) : (
    <p className="muted" role="status">
      Loading your mail settings…
    </p>
  );
}

function MailSettingsFields({ saved }: { saved: Record<MailList, boolean> }) {
  const utils = trpc.useUtils();
  const update = trpc.account.updateMailSettings.useMutation({
    onSuccess: (settings) => utils.account.mailSettings.setData(undefined, settings),
  });
  const [draft, setDraft] = useState(saved);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate(draft);
  }

  return (
    <Form compact onSubmit={onSubmit} aria-label="Mail settings">
      <Fieldset legend="Mail me about" note="Every such mail also has an unsubscribe link that turns its kind off at once.">
        {MAIL_LISTS.map((list) => (
          <label key={list} className="account-page__mail-option">
            <input
              type="checkbox"
              name={list}
              checked={draft[list]}
              onChange={(event) => {
                update.reset();
                setDraft({ ...draft, [list]: event.target.checked });
              }}
            />{' '}
            {MAIL_LIST_LABELS[list]}
          </label>
        ))}
      </Fieldset>
      <div className="actions">
        <Button type="submit" variant="primary" className="button--small" busy={update.isPending}>
          Save mail settings
        </Button>
      </div>
      {update.isSuccess && <StatusMessage tone="success">{MAIL_MESSAGES.saved}.</StatusMessage>}
      <ServerError error={update.error} />
    </Form>
  );
}
