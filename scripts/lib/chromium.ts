// The Chromium-family browser and the flags that keep it headless and off the network beyond loopback
// (without the background-networking flags it floods the closed network). Shared by the browser
// tests and the benchmark's Lighthouse runs. `npm test`'s preflight finds the browser and sets CHROME_PATH.
export const CHROMIUM_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--disable-default-apps',
  '--disable-extensions',
] as const;
