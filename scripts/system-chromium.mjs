// The one rule for which of the system's Chromium binaries runs the browser tests (the journeys, scripts/test-e2e.mjs,
// the production protocol checks): the headless shell first, a fifth of the full browser's CPU (decision 1165), else
// the full browser, which Playwright runs headless too. CHROMIUM_PATH, when set, wins over both.
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian's packages' binaries, best first. */
export const SYSTEM_CHROMIUMS = ['chromium-headless-shell', 'chromium'];

/** An executable of that name on PATH, or null. */
export function onPath(name) {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}

/** The first of SYSTEM_CHROMIUMS on PATH or in /usr/bin; null when none is installed. */
export function systemChromium() {
  for (const name of SYSTEM_CHROMIUMS) {
    const path = onPath(name) ?? (existsSync(`/usr/bin/${name}`) ? `/usr/bin/${name}` : null);
    if (path) return path;
  }
  return null;
}

/** CHROMIUM_PATH when it is set: that path, or null when nothing is there; undefined when it is not set. */
export function chosenChromium() {
  const path = process.env.CHROMIUM_PATH;
  if (!path) return undefined;
  return existsSync(path) ? path : null;
}

/** CHROMIUM_PATH, else the system's Chromium; null when neither is there. */
export function chromiumPath() {
  const chosen = chosenChromium();
  return chosen !== undefined ? chosen : systemChromium();
}
