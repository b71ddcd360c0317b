// multipart/form-data bodies for the upload route's tests, built by hand so that a test can also
// send them cut, out of order or trickling.
export const BOUNDARY = '----qc-test-boundary';
export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;
export const fieldPart = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
export const fileHead = (name: string, type = 'image/png') =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`);
export const CRLF = Buffer.from('\r\n');
export const CLOSING = Buffer.from(`--${BOUNDARY}--\r\n`);

export interface UploadFile {
  name: string;
  type: string;
  content: Buffer;
}

/** A whole body: the fields, then the files (or the files first, which the route refuses). */
export function multipart(fields: Record<string, string>, files: UploadFile[], filesFirst = false) {
  const fieldParts = Object.entries(fields).map(([k, v]) => fieldPart(k, v));
  const fileParts = files.map((f) => Buffer.concat([fileHead(f.name, f.type), f.content, CRLF]));
  const payload = Buffer.concat([...(filesFirst ? [...fileParts, ...fieldParts] : [...fieldParts, ...fileParts]), CLOSING]);
  return { payload, headers: { 'content-type': MULTIPART } };
}
