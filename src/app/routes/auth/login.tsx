import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Alert } from '@/components/Alert';
import * as paths from '@/config/paths';
import { AuthLayout, LoginForm } from '@/features/auth';
import { useLeftNotice } from '@/lib/flashNotice';
import { rememberedOrigin } from '@/lib/safeRedirect';
import styles from './login.module.css';

/**
 * /login: after signing in, where the guard sent this person from (same-origin paths only), else /dashboard. A
 * message left by the page before (the account was closed) shows above the form.
 */
export function Component() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = useLeftNotice();
  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to track your services and appointments."
      footer={
        <p>
          Don&apos;t have an account? <Link to={paths.register}>Sign up</Link>
        </p>
      }
    >
      {notice && (
        <Alert variant="success" className={styles.notice}>
          {notice}
        </Alert>
      )}
      <LoginForm onSignedIn={(user) => navigate(rememberedOrigin(location.state, paths.dashboard, user.id), { replace: true })} />
    </AuthLayout>
  );
}
