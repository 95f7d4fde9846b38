import '@fontsource/ibm-plex-sans-arabic/400.css';
import '@fontsource/ibm-plex-sans-arabic/700.css';
// After @fontsource's faces: the core subsets (Arabic letters, basic Latin) are tried first (fonts/font-subsets.ts).
import './fonts/core.css';
import { HYDRATED_EVENT } from './app/hydration-event';
import { hasSignedInHint } from './lib/signed-in-hint';

/**
 * The only script a first visit runs. A server-rendered page reads completely without JavaScript, so the app (React,
 * Chakra, the query cache: everything in ./app/hydrate) is fetched and hydrated when the reader first reaches for a
 * control (pointer over or on a link or button, focus, a key), or at once for a page rendered in the browser (/admin)
 * or a browser that has signed in (its header differs from the shared HTML). A click or submit that comes before the
 * app is ready is held and replayed once it is; links simply navigate meanwhile (server-rendered pages).
 * See docs/decisions/005-reader-phone-budget.md.
 */
const root = document.getElementById('root')!;
const CONTROL = 'a[href], button, input, select, textarea, label, summary, [role="button"], [tabindex]';
const TRIGGERS = ['pointerover', 'pointerdown', 'focusin', 'keydown'] as const;

let started = false;
let ready = false;
const held: Array<() => void> = [];

function start(): void {
  if (started) return;
  started = true;
  for (const type of TRIGGERS) document.removeEventListener(type, onIntent, true);
  void import('./app/hydrate').then(({ startApp }) => startApp(root));
}

function onIntent(event: Event): void {
  if (event.type === 'keydown' || (event.target instanceof Element && event.target.closest(CONTROL))) start();
}

/** Before the app is ready, a click on a button or a form submission would do nothing (or the browser default). */
function hold(event: Event): void {
  if (ready || !(event.target instanceof Element)) return;
  const target = event.type === 'submit' ? event.target : event.target.closest('button, [role="button"]');
  if (!(target instanceof HTMLElement) || target.closest('a[href]')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.push(() => (target instanceof HTMLFormElement ? target.requestSubmit() : target.click()));
  start();
}

window.addEventListener(
  HYDRATED_EVENT,
  () => {
    ready = true;
    document.removeEventListener('click', hold, true);
    document.removeEventListener('submit', hold, true);
    held.splice(0).forEach((replay) => replay());
  },
  { once: true },
);

if (!root.hasChildNodes() || hasSignedInHint()) start();
else {
  for (const type of TRIGGERS) document.addEventListener(type, onIntent, { capture: true, passive: true });
  document.addEventListener('click', hold, true);
  document.addEventListener('submit', hold, true);
}
