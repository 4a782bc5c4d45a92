import { useState } from 'react';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Checkbox } from '@/components/Checkbox';
import { authApi } from '@/features/auth';
import { useSetEmailChoiceMutation, type ProfileWithEmailChoice } from './notificationsApi';

export const EMAIL_CHOICE_LABEL = 'Email me these notifications';

/**
 * The e-mail opt-out (the profile's `emailNotifications`, saved through PUT /api/auth/update-profile): checked,
 * the same news also comes by e-mail. Accounts whose profile does not say (older servers) count as opted in.
 */
export function EmailChoice() {
  const { emailOn, isLoading } = authApi.endpoints.getProfile.useQuery(undefined, {
    selectFromResult: ({ data, isLoading: loading }) => ({ emailOn: (data as ProfileWithEmailChoice | undefined)?.emailNotifications !== false, isLoading: loading }),
  });
  const [save, { isLoading: saving }] = useSetEmailChoiceMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState('');

  async function change(checked: boolean) {
    setFailure(null);
    setSaved('');
    try {
      await save(checked).unwrap();
      setSaved(checked ? 'E-mails turned on' : 'E-mails turned off');
    } catch (caught) {
      setFailure(messageOf(caught));
    }
  }

  return (
    <div>
      <Checkbox
        label={EMAIL_CHOICE_LABEL}
        hint="The same news, sent to your account's e-mail address."
        checked={emailOn}
        disabled={isLoading}
        aria-busy={saving || undefined}
        onChange={(event) => void change(event.target.checked)}
      />
      <div role="status" className="visually-hidden">
        {saved}
      </div>
      {failure && <Alert variant="error">{failure}</Alert>}
    </div>
  );
}
