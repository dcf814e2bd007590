// Debian's Chromium as the journeys and the web bench launch it: headless, as root, and without
// the background connections this machine's closed network refuses.
export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium's address bar suggestions are a web page of their own (chrome://omnibox-popup),
  // loaded in a renderer for every new window: 1–2 s of CPU beside each context's first page
  // on two cores, nothing of it the app's. Its native view is the one without the page.
  '--disable-features=WebUIOmniboxPopup,WebUIOmniboxFullPopup,WebUIOmniboxAimPopup',
];
