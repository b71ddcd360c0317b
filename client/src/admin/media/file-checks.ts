// The checks a picked or dropped file must pass before it is listed for upload (spec §5). The
// server checks again, and also the content, so these exist to answer at once, not to protect.
import {
  extensionOf,
  formatBytes,
  invalidTypesMessage,
  MAX_UPLOAD_BYTES,
  MEDIA_EXTENSIONS,
  MEDIA_MIME_TYPES,
  tooLargeMessage,
  type MediaCategory,
} from '@shared/media';
import { STATUS_MS } from '@/lib/use-timed-status';

export interface PickedFiles {
  accepted: File[];
  /** What to tell the person about the refused ones, if any were refused. */
  refusal: { text: string; durationMs: number } | null;
}

/** A file fits the category when its MIME type or its extension is one of the category's. */
export function fitsCategory(file: File, category: MediaCategory): boolean {
  return MEDIA_MIME_TYPES[category].includes(file.type) || MEDIA_EXTENSIONS[category].includes(extensionOf(file.name));
}

export function checkPickedFiles(files: readonly File[], category: MediaCategory): PickedFiles {
  const tooLarge = files.filter((file) => file.size > MAX_UPLOAD_BYTES);
  const invalid = files.filter((file) => file.size <= MAX_UPLOAD_BYTES && !fitsCategory(file, category));
  const accepted = files.filter((file) => file.size <= MAX_UPLOAD_BYTES && fitsCategory(file, category));

  // Spec §5: the size refusal wins when both happen in one selection.
  let refusal: PickedFiles['refusal'] = null;
  if (tooLarge.length > 0) {
    const list = tooLarge.map((file) => `${file.name} (${formatBytes(file.size)})`).join(', ');
    refusal = { text: tooLargeMessage(list), durationMs: STATUS_MS.pickedFiles.tooLarge };
  } else if (invalid.length > 0) {
    const list = invalid.map((file) => file.name).join(', ');
    refusal = { text: invalidTypesMessage(list, category), durationMs: STATUS_MS.pickedFiles.invalidType };
  }
  return { accepted, refusal };
}
