// A module's settings (issue 26 "Modules"): rename, describe, publish or unpublish, the drip ("opens
// N days after becoming an Architect"), and delete while it is empty: with lessons the server's 409
// says, in words, to move or delete them first.
import { useId, useState, type FormEvent } from 'react';
import { COURSE_SUMMARY_MAX_LENGTH, COURSE_TITLE_MAX_LENGTH, OPENS_AFTER_DAYS_MAX } from '@shared/course';
import { serverMessage } from '@/lib/server-message';
import { trpc } from '@/lib/trpc';
import type { ShowStatus } from '@/lib/use-timed-status';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { inputClass } from '@/ui/field';
import { StatusMessage } from '@/ui/status-message';
import type { AdminModule, ModuleUpdateInput } from './course-types';
import { LimitedField } from './limited-field';
import { useSaveErrors } from './use-save-errors';

const FIELDS = ['title', 'summary', 'opensAfterDays', 'published'] as const;

interface ModuleFormProps {
  module: AdminModule;
  onSaved: () => void;
  onDeleted: () => void;
  showStatus: ShowStatus;
}

export function ModuleForm({ module, onSaved, onDeleted, showStatus }: ModuleFormProps) {
  const utils = trpc.useUtils();
  const [title, setTitle] = useState(module.title);
  const [summary, setSummary] = useState(module.summary);
  const [days, setDays] = useState(String(module.opensAfterDays));
  const [published, setPublished] = useState(module.published);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const errors = useSaveErrors(FIELDS);
  const daysId = useId();

  async function save(event: FormEvent) {
    event.preventDefault();
    // Sent as typed: a day count that is not a whole number is the server's 400 to explain.
    const changes: ModuleUpdateInput = { id: module._id };
    if (title !== module.title) changes.title = title;
    if (summary !== module.summary) changes.summary = summary;
    if (days.trim() !== String(module.opensAfterDays)) changes.opensAfterDays = days.trim() === '' ? Number.NaN : Number(days);
    if (published !== module.published) changes.published = published;
    if (Object.keys(changes).length === 1) {
      showStatus('No changes to save');
      return;
    }
    setBusy(true);
    errors.clear();
    try {
      await utils.client.course.modules.update.mutate(changes);
      showStatus(`Module "${title.trim()}" saved`, { tone: 'success' });
      onSaved();
    } catch (error) {
      errors.fail(error, 'The module could not be saved');
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    setBusy(true);
    try {
      await utils.client.course.modules.delete.mutate({ id: module._id });
      showStatus(`Module "${module.title}" deleted`, { tone: 'success' });
      onDeleted();
    } catch (error) {
      setConfirming(false);
      setDeleteError(`The module was not deleted: ${serverMessage(error, 'the server did not answer')}`);
    } finally {
      setBusy(false);
    }
  }

  const daysError = errors.errorFor('opensAfterDays');
  return (
    <form className="cm-form cm-module-form" aria-label={`Settings of ${module.title}`} onSubmit={(event) => void save(event)}>
      <LimitedField label="Module title" value={title} max={COURSE_TITLE_MAX_LENGTH} onChange={setTitle} error={errors.errorFor('title')} required />
      <LimitedField
        label="Module description"
        value={summary}
        max={COURSE_SUMMARY_MAX_LENGTH}
        onChange={setSummary}
        error={errors.errorFor('summary')}
        multiline
      />
      <div className="field">
        <label className="field__label" htmlFor={daysId}>
          Opens after (days)
        </label>
        <input
          id={daysId}
          className={inputClass()}
          type="number"
          inputMode="numeric"
          min={0}
          max={OPENS_AFTER_DAYS_MAX}
          step={1}
          value={days}
          aria-invalid={daysError ? true : undefined}
          aria-describedby={`${daysId}-hint${daysError ? ` ${daysId}-error` : ''}`}
          onChange={(event) => setDays(event.target.value)}
        />
        <p id={`${daysId}-hint`} className="field__hint">
          Opens this many days after a member becomes an Architect (0 to {OPENS_AFTER_DAYS_MAX}; 0 opens at once).
        </p>
        {daysError && (
          <p id={`${daysId}-error`} className="cm-field-error" role="alert">
            {daysError}
          </p>
        )}
      </div>
      <label className="cm-checkbox">
        <input type="checkbox" checked={published} onChange={(event) => setPublished(event.target.checked)} />
        <span>Published (members see it)</span>
      </label>
      {errors.formError && <StatusMessage tone="error">{errors.formError}</StatusMessage>}
      {deleteError && <StatusMessage tone="error">{deleteError}</StatusMessage>}
      <div className="actions">
        <Button type="submit" variant="primary" className="button--small" busy={busy}>
          Save module
        </Button>
        <Button variant="danger" className="button--small" onClick={() => setConfirming(true)}>
          Delete module
        </Button>
      </div>
      {confirming && (
        <ConfirmDialog
          title="Delete this module?"
          message={`"${module.title}" will be deleted. Only an empty module can be deleted.`}
          confirmLabel="Delete module"
          busy={busy}
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </form>
  );
}
