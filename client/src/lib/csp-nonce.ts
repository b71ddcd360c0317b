// The nonce the server put into this page's Content-Security-Policy (server/http/client.ts), for
// code that must add <style> elements (the drag-and-drop library). Browsers hide a nonce from
// getAttribute once the page has loaded; the `nonce` property still has it.
export function cspNonce(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
}
