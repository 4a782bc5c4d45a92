import { AccountSettings } from '@/features/account';
import { EmailChoice } from '@/features/notifications';

/** /account, in every role's own frame: the account domain's settings, with the notifications domain's e-mail choice. */
export function Component() {
  return <AccountSettings notifications={<EmailChoice />} />;
}
