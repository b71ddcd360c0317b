// A course form's refusal, placed where it belongs: beside the field the server's message names,
// else above the buttons (field-errors.ts).
import { useCallback, useState } from 'react';
import { serverMessage } from '@/lib/server-message';
import { fieldOfMessage } from './field-errors';

export function useSaveErrors<F extends string>(fields: readonly F[]) {
  const [refusal, setRefusal] = useState<{ field: F | null; message: string } | null>(null);
  const fail = useCallback(
    (error: unknown, fallback: string) => {
      const message = serverMessage(error, fallback);
      setRefusal({ field: fieldOfMessage(message, fields), message });
    },
    [fields],
  );
  const clear = useCallback(() => setRefusal(null), []);
  return {
    errorFor: (field: F) => (refusal && refusal.field === field ? refusal.message : null),
    /** A reason that names none of the form's fields. */
    formError: refusal && refusal.field === null ? refusal.message : null,
    fail,
    clear,
  };
}
