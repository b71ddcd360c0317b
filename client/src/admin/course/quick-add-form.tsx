// "Add a module" and "Add a lesson": a title (and what the owner adds beside it), then the button.
// The new item arrives as a draft (the server's default), so nothing reaches members by accident.
import { useState, type FormEvent, type ReactNode } from 'react';
import { COURSE_TITLE_MAX_LENGTH } from '@shared/course';
import { Button } from '@/ui/button';
import { LimitedField } from './limited-field';
import { useSaveErrors } from './use-save-errors';

const FIELDS = ['title'] as const;

interface QuickAddFormProps {
  label: string;
  submitLabel: string;
  /** Makes the item; a refusal is thrown and shown beside the title. */
  onAdd: (title: string) => Promise<unknown>;
  /** More fields, between the title and the button (a lesson's kind). */
  children?: ReactNode;
  className?: string;
}

export function QuickAddForm({ label, submitLabel, onAdd, children, className }: QuickAddFormProps) {
  const [title, setTitle] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = useSaveErrors(FIELDS);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    errors.clear();
    try {
      await onAdd(title);
      setTitle('');
    } catch (error) {
      errors.fail(error, 'It could not be added');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={['cm-quick-add', className].filter(Boolean).join(' ')} onSubmit={(event) => void submit(event)}>
      <LimitedField label={label} value={title} max={COURSE_TITLE_MAX_LENGTH} onChange={setTitle} error={errors.errorFor('title') ?? errors.formError} />
      {children}
      <Button type="submit" variant="secondary" className="button--small cm-quick-add__submit" busy={busy}>
        {submitLabel}
      </Button>
    </form>
  );
}
