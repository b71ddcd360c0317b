// Hands a file made in the page to the browser's downloads, as a link with `download` would.
export function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Not at once: the browser reads the data after the click, and a large file takes a moment.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
