// Content-Disposition with a file name, as RFC 6266 says to send one: a plain-ASCII fallback in
// filename= for old clients, and the exact name in filename*= (RFC 8187: UTF-8, percent-encoded),
// which every current browser prefers. No name can break out of the header or its quotes.

/** RFC 8187's attr-char: what may stand unencoded in filename*=. */
const encodeExtValue = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** `inline` or `attachment`, with the name the file should be saved under. */
export function contentDisposition(type: 'inline' | 'attachment', fileName: string): string {
  // Outside printable ASCII (control characters included), and the quote and backslash that would end or escape the quoted string.
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const header = `${type}; filename="${fallback}"`;
  return fallback === fileName ? header : `${header}; filename*=UTF-8''${encodeExtValue(fileName)}`;
}
