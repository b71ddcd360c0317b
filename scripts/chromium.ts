// Debian's Chromium, as the end-to-end tests and the slider soak launch it (Playwright cannot
// download browsers here). Without the background-networking flags Chromium keeps dialling out into
// the closed network.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
