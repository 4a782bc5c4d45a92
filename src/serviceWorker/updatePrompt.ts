/**
 * "A new version is available" with a Reload button, at the foot of the window: loaded only when a new build is
 * waiting (./register.ts). Plain DOM beside the app's root, so it works on a pre-rendered page before React has
 * hydrated it, and whatever the app is rendering.
 */
import { buttonClassName } from '@/components/Button';
import { reloadPage } from '@/lib/browser';
import { SKIP_WAITING } from './messages';

export const UPDATE_MESSAGE = 'A new version is available';

/**
 * At the foot of the window, above the page, clear of a phone's edges. Set as styles, not a CSS Module: a chunk's
 * stylesheet costs every page's runtime its file name (the entry is in every page's budget).
 */
const PROMPT_STYLE = [
  'position:fixed',
  'inset-inline:var(--space-4)',
  'bottom:max(var(--space-4),env(safe-area-inset-bottom))',
  'z-index:var(--z-modal)',
  'display:flex',
  'flex-wrap:wrap',
  'align-items:center',
  'justify-content:center',
  'gap:var(--space-3)',
  'max-width:32rem',
  'margin-inline:auto',
  'padding:var(--space-3) var(--space-4)',
  'border:1px solid var(--color-border-strong)',
  'border-radius:var(--radius-lg)',
  'background:var(--color-surface-raised)',
  'color:var(--color-text)',
  'box-shadow:var(--shadow-lg)',
].join(';');

let waiting: ServiceWorker | null = null;
let shown = false;

/** The user chose Reload: the waiting build takes over, then the page reloads under it (or at once if it already has). */
function reload(): void {
  const worker = waiting;
  if (worker?.state === 'installed') {
    navigator.serviceWorker.addEventListener('controllerchange', reloadPage, { once: true });
    worker.postMessage({ type: SKIP_WAITING });
  } else {
    reloadPage();
  }
}

/** Shows the prompt once per page; `worker` is the build waiting to take over (null when it already has). */
export function showUpdatePrompt(worker: ServiceWorker | null): void {
  waiting = worker;
  if (shown) return;
  shown = true;

  const prompt = document.createElement('div');
  prompt.style.cssText = PROMPT_STYLE;
  // A polite live region, empty when added and filled after: screen readers announce a change to a region they know.
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.style.fontWeight = 'var(--font-weight-semibold)';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = buttonClassName({ size: 'sm' });
  button.textContent = 'Reload';
  button.addEventListener('click', reload);
  prompt.append(status, button);
  document.body.append(prompt);
  setTimeout(() => {
    status.textContent = UPDATE_MESSAGE;
  }, 100);
}
