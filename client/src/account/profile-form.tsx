// The name form of the Account page.
import { useState, type FormEvent } from 'react';
import { NAME_MAX_LENGTH } from '@shared/constants';
import { trpc } from '../lib/trpc';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { Form } from '../ui/form';
import { ServerError } from '../ui/server-error';
import { StatusMessage } from '../ui/status-message';

export function ProfileForm({ name }: { name: string }) {
  const utils = trpc.useUtils();
  const update = trpc.account.updateProfile.useMutation({
    onSuccess: () => Promise.all([utils.account.get.invalidate(), utils.auth.me.invalidate()]),
  });
  const [draft, setDraft] = useState(name);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    update.mutate({ name: draft });
  }

  return (
    <Form compact onSubmit={onSubmit} aria-label="Your name">
      <Field label="Name" name="name" autoComplete="name" required maxLength={NAME_MAX_LENGTH} value={draft} onChange={(e) => setDraft(e.target.value)} />
      <div className="actions">
        <Button type="submit" variant="primary" className="button--small" busy={update.isPending}>
          Save name
        </Button>
      </div>
      {update.isSuccess && <StatusMessage tone="success">Your name is saved.</StatusMessage>}
      <ServerError error={update.error} />
    </Form>
  );
}
