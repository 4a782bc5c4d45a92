import { keepFocus } from '@/features/billing/components/billingText';

/** A heading and a decision button under it, the button focused (as right after the click). */
function panel() {
  document.body.innerHTML = '<section><h3 tabindex="-1">Proposed extra work</h3><ul><li><button>Withdraw</button></li></ul><button>Done</button></section>';
  const heading = document.querySelector('h3') as HTMLElement;
  const button = document.querySelector('li button') as HTMLElement;
  button.focus();
  return { heading, button, done: document.querySelectorAll('button')[1] as HTMLElement };
}

const frames = (n: number) => new Promise((resolve) => setTimeout(resolve, n * 20));

afterEach(() => {
  document.body.innerHTML = '';
});

test('the heading takes the focus when the focused button leaves, however late the fresh list renders', async () => {
  const { heading, button } = panel();
  keepFocus(heading);
  // The refetch is slow: frames pass with the button still there and focused.
  await frames(5);
  expect(document.activeElement).toBe(button);
  button.closest('li')?.remove();
  await Promise.resolve();
  expect(document.activeElement).toBe(heading);
});

test('a focus the user moved elsewhere meanwhile stays where they put it', async () => {
  const { heading, button, done } = panel();
  keepFocus(heading);
  done.focus();
  button.closest('li')?.remove();
  await frames(2);
  expect(document.activeElement).toBe(done);
});

test('a focus already lost (the list rendered at once) moves to the heading on the next frame', async () => {
  const { heading, button } = panel();
  button.closest('li')?.remove();
  keepFocus(heading);
  await frames(2);
  expect(document.activeElement).toBe(heading);
});
