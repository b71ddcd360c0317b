// Fields that list queries share: they arrive as query-string text on the REST façade.
import { z } from 'zod';

// A query string's empty value means "not given", so `?page=` is the first page.
export const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** A 1-based page number, 1 when absent. */
export const pageField = z.preprocess(
  blankAsAbsent,
  z.coerce
    .number({ error: 'page must be a whole number of 1 or more' })
    .int('page must be a whole number of 1 or more')
    .min(1, 'page must be a whole number of 1 or more')
    .max(1_000_000_000, 'page is too large')
    .default(1),
);
