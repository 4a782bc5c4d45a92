/** The message a page sends the waiting service worker when the user chooses Reload. */
export const SKIP_WAITING = 'SKIP_WAITING';
/** A page's word that the signed-in view changed (sign-in, sign-out, another user): `{ type: VIEW_CHANGED, view }`. */
export const VIEW_CHANGED = 'VIEW_CHANGED';
