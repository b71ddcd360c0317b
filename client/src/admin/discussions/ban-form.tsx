// "Ban from commenting" until a day: the ban holds until the start of that day (UTC), so the
// earliest day that means anything is tomorrow.
import { useId, useState } from 'react';
import { Button } from '@/ui/button';
import { Field } from '@/ui/field';
import { Form } from '@/ui/form';

const DAY_MS = 86_400_000;
const tomorrow = () => new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);

interface BanFormProps {
  memberName: string;
  onSave: (until: string) => Promise<void>;
  onCancel: () => void;
}

export function BanForm({ memberName, onSave, onCancel }: BanFormProps) {
  const titleId = useId();
  const [until, setUntil] = useState('');
  const [earliest] = useState(tomorrow);
  const [saving, setSaving] = useState(false);

  return (
    <Form
      compact
      className="discussion-ban"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        setSaving(true);
        void onSave(until).finally(() => setSaving(false));
      }}
    >
      <p id={titleId} className="discussion-ban__title">
        Ban {memberName} from commenting
      </p>
      <Field
        label="Banned until"
        type="date"
        required
        min={earliest}
        value={until}
        onChange={(event) => setUntil(event.target.value)}
        hint="They can read the discussion, but not post, until the start of this day (UTC)."
        // The form opens where the admin pressed "Ban from commenting": the date is what comes next.
        autoFocus
      />
      <div className="discussion-ban__actions">
        <Button type="submit" variant="danger" className="button--small" busy={saving}>
          Save ban
        </Button>
        <Button variant="secondary" className="button--small" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
