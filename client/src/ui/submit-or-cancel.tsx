import { Button, type ButtonVariant } from './button';

interface SubmitOrCancelProps {
  /** What sending the form does ("Save", "Turn on"). */
  label: string;
  variant?: ButtonVariant;
  busy: boolean;
  onCancel: () => void;
}

/** The two small buttons that end an inline form: the one that sends it, and Cancel beside it. */
export function SubmitOrCancel({ label, variant = 'primary', busy, onCancel }: SubmitOrCancelProps) {
  return (
    <>
      <Button type="submit" variant={variant} className="button--small" busy={busy}>
        {label}
      </Button>
      <Button variant="quiet" className="button--small" onClick={onCancel}>
        Cancel
      </Button>
    </>
  );
}
