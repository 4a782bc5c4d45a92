import { useRef, useState } from 'react';
import { LogOut } from 'lucide-react';
import { messageOf } from '@/api/errors';
import { Alert } from '@/components/Alert';
import { Button } from '@/components/Button';
import { Card } from '@/components/Card';
import { Modal } from '@/components/Modal';
import * as paths from '@/config/paths';
import { authApi, logout } from '@/features/auth';
import { navigateTo } from '@/lib/navigation';
import { useAppDispatch } from '@/store/hooks';
import styles from './Account.module.css';

const SIGN_OUT_EVERYWHERE = 'Sign out of all devices';

/** POST /api/auth/logout-all, once confirmed: every session ends, this one too, so this tab signs out and goes to /login. */
export function SignOutEverywhereSection() {
  const dispatch = useAppDispatch();
  const [logoutAll, { isLoading, isError, error, reset }] = authApi.endpoints.logoutAll.useMutation();
  const [confirming, setConfirming] = useState(false);
  const keepRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setConfirming(false);
    reset();
  };

  async function confirm() {
    const done = await logoutAll();
    if ('error' in done) return;
    dispatch(logout());
    navigateTo(paths.login);
  }

  return (
    <Card title="Devices">
      <p className={styles.text}>Signed in on a phone or computer you no longer use? Sign out everywhere, this browser included.</p>
      <div className={styles.actions}>
        <Button variant="secondary" startIcon={<LogOut aria-hidden="true" />} onClick={() => setConfirming(true)}>
          {SIGN_OUT_EVERYWHERE}
        </Button>
      </div>
      <Modal
        open={confirming}
        onClose={close}
        size="sm"
        initialFocusRef={keepRef}
        title="Sign out of all devices?"
        description="Every device signed in to your account is signed out, this one too. You can sign in again with your password."
        footer={
          <>
            <Button ref={keepRef} variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" loading={isLoading} onClick={() => void confirm()}>
              Sign out everywhere
            </Button>
          </>
        }
      >
        {isError && <Alert variant="error">{messageOf(error)}</Alert>}
      </Modal>
    </Card>
  );
}
